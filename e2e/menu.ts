import type { Locator, Page } from 'playwright-core';

/**
 * Follows an item of a header menu that opens on hover. Under load the pointer can reach
 * the item after the menu has begun to close (it closes when the pointer leaves its
 * trigger), and the click then lands on the page behind: the hover and click are retried
 * until the address is the item's.
 */
export async function followMenu(
  page: Page,
  trigger: Locator,
  item: string,
  url: string,
): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    await trigger.hover();
    await page
      .getByRole('menuitem', { name: item })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    const reached = await page
      .waitForURL(url, { timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (reached) return;
  }
  throw new Error(`the menu item ${item} did not lead to ${url}`);
}
