import type { Locator, Page } from 'playwright-core';

/**
 * Opens an antd Select and picks the option titled `title`. Its option list scrolls the current
 * value into view as it opens, and a click that lands while it is still moving is lost
 * (about one time in ten here), so the pick is retried until `took` says it did.
 */
export async function pickOption(
  page: Page,
  select: Locator,
  title: string,
  took: () => Promise<boolean>,
): Promise<void> {
  // The rendered option, not the screen-reader copy antd keeps beside the list.
  const option = page.locator(
    `.ant-select-item-option[title="${title}"]:has(.ant-select-item-option-content)`,
  );
  for (let attempt = 0; attempt < 4; attempt++) {
    if (!(await option.isVisible())) {
      await select.click();
      await option.waitFor({ state: 'visible', timeout: 5_000 });
    }
    await option.click({ timeout: 5_000 }).catch(() => undefined);
    const deadline = Date.now() + 2_000;
    while (Date.now() < deadline) {
      if (await took()) return;
      await page.waitForTimeout(50);
    }
  }
  throw new Error(`the option ${title} could not be picked`);
}

/**
 * Waits until an antd Select's option list has finished closing: its leave animation
 * over and the list out of the page's accessibility tree (antd marks it `-hidden` then).
 * Checks that read the page (axe) see a half-closed list otherwise.
 */
export async function selectClosed(page: Page): Promise<void> {
  await page
    .locator('.ant-select-dropdown.ant-select-dropdown-hidden')
    .waitFor({ state: 'attached' });
}
