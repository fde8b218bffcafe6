import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { activateDemoOperator } from './ops-session.ts';
import { usePlatformAndBrowser } from './platform.ts';

const ctx = usePlatformAndBrowser();

/** The demo admin, signed in for the first time at /ops. */
async function activateAdmin(page: Page, origin: string) {
  await activateDemoOperator(page, origin, 'admin', 'Admin-password-2026');
  await page.getByText('Identity reviews waiting').waitFor();
}

describe('second-contract periods, from the console to the trade page', () => {
  it('an admin changes a period and funds the pool; users are offered the new rate', async () => {
    const origin = ctx.platform.url;
    const page = await ctx.browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await activateAdmin(page, origin);
    await page.getByRole('link', { name: 'Second contracts' }).click();
    await page.getByRole('heading', { name: 'Second contracts' }).waitFor();
    const row = page.locator('tr[data-row-key="btcusdt-30"]');
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit period btcusdt-30' });
    await dialog.getByLabel('Profit rate').fill('0.25');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Period saved').first().waitFor();
    await expect.poll(() => row.textContent()).toContain('0.25');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Fund pool' }).click();
    const fund = page.getByRole('dialog', { name: 'Fund the USDT pool' });
    await fund.getByLabel('Amount').fill('2500');
    await fund.getByLabel('Reference').fill('e2e-top-up');
    await fund.getByRole('button', { name: 'Fund pool' }).click();
    await page.getByText('Pool funded').first().waitFor();
    await page.getByText('1,002,500 USDT').waitFor();

    // The trade page offers the new rate at once.
    const user = await ctx.browser.newPage();
    await user.goto(`${origin}/trade/index?type=sec&symbol=btc`);
    await user.getByText('+25%').waitFor();
    expect(problems).toEqual([]);
  });
});
