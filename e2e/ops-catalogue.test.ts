import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { activateDemoOperator } from './ops-session.ts';
import { usePlatformAndBrowser } from './platform.ts';

const ctx = usePlatformAndBrowser();

/** The demo admin, signed in for the first time at /ops. */
async function activateAdmin(page: Page, origin: string) {
  await activateDemoOperator(page, origin, 'admin', 'Admin-password-2026');
  await page.getByText('Identity reviews waiting').waitFor();
}

describe('the catalogue, from the console to the quotes page', () => {
  it('an admin lists a coin and its market, pauses it, and the quotes page says so', async () => {
    const origin = ctx.platform.url;
    const page = await ctx.browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await activateAdmin(page, origin);
    await page.getByRole('link', { name: 'Coins and markets' }).click();

    // A coin first.
    await page.getByRole('tab', { name: /Coins/ }).click();
    await page.getByRole('button', { name: 'Add coin' }).click();
    const coin = page.getByRole('dialog', { name: 'List a coin' });
    await coin.getByLabel('Code').fill('SUI');
    await coin.getByLabel('Name').fill('Sui');
    await coin.getByLabel('Decimals').fill('8');
    await coin.getByRole('button', { name: 'Add coin' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Add coin' }).click();
    await page.getByText('Coin listed').waitFor();

    // Then its market, trading at once.
    await page.getByRole('tab', { name: /Markets/ }).click();
    await page.getByRole('button', { name: 'Add market' }).click();
    const market = page.getByRole('dialog', { name: 'List a market' });
    const base = market.getByLabel('Base coin');
    // The coin list scrolls; a search brings the new coin up first, and Enter takes it.
    await base.click();
    await page.keyboard.type('SUI');
    await page.locator('.ant-select-dropdown:visible').getByText('SUI · Sui').waitFor();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => market.locator('.ant-form-item', { hasText: 'Base coin' }).innerText())
      .toContain('SUI · Sui');
    await market.getByLabel('Price step').fill('0.0001');
    await market.getByLabel('Quantity step').fill('0.01');
    await market.getByLabel('Minimum order value').fill('5');
    await market.getByLabel('Reference price').fill('1.25');
    await market.getByLabel('Price decimals').fill('4');
    await market.getByLabel('Quantity decimals').fill('2');
    await market.getByRole('button', { name: 'Add market' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Add market' }).click();
    await page.getByText('Market listed').waitFor();
    const row = page.locator('tr', { hasText: 'SUI/USDT' });
    await row.waitFor();

    // Paused from the console: the quotes page says it in words.
    await row.getByRole('button', { name: 'Pause' }).click();
    const confirm = page.getByRole('dialog', { name: 'Pause trading on SUI/USDT?' });
    await confirm.getByLabel('Reason (optional)').fill('Listing checks');
    await confirm.getByRole('button', { name: 'Pause' }).click();
    await page.getByText('Trading paused').first().waitFor();

    const quotes = await ctx.browser.newPage();
    await quotes.goto(`${origin}/quotes/index`);
    const sui = quotes.locator('tr[data-symbol="suiusdt"]');
    await sui.waitFor();
    expect(await sui.getByText('Paused').count()).toBe(1);
    expect(await quotes.locator('tr[data-symbol="btcusdt"]').getByText('Paused').count()).toBe(0);
    expect(problems).toEqual([]);
    await quotes.close();
    await page.close();
  });
});
