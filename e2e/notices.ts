import type { Page } from 'playwright-core';

/**
 * Closes every open notice. A notice stays while the pointer rests on it, and at the top
 * right it can cover the order form's controls that a journey clicks next.
 */
export async function closeNotices(page: Page): Promise<void> {
  const close = page.locator('.ant-notification-notice-close');
  for (let attempt = 0; attempt < 10 && (await close.count()) > 0; attempt++) {
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await page.locator('.ant-notification-notice').first().waitFor({ state: 'detached' });
}
