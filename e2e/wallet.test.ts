import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { usePlatformAndBrowser } from './platform.ts';
import { apiLogIn, signedInPage } from './session.ts';
import { followMenu } from './menu.ts';

const ctx = usePlatformAndBrowser();

function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  return problems;
}

async function balances(origin: string, token: string, type: string) {
  const res = await fetch(`${origin}/api/core/coin/assets/getMyBalance?type=${type}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const rows = ((await res.json()) as { data: { coin: string; available: string }[] }).data;
  return rows.find((r) => r.coin === 'USDT')!.available;
}

describe('wallet', () => {
  it('a demo user moves USDT to the contract wallet after a confirmation, and the bills show both sides', async () => {
    const origin = ctx.platform.url;
    const session = await apiLogIn(origin, 'demo2@meridian.local');
    const page = await signedInPage(ctx.browser, session);
    const problems = watchProblems(page);

    // The asset dropdown leads to the overview.
    await page.goto(`${origin}/home/index`);
    await followMenu(
      page,
      page.getByRole('button', { name: 'Assets' }),
      'My assets',
      '**/assets/index?key=overview',
    );
    await page.getByTestId('coin-table').waitFor();
    expect(await page.getByTestId('wallet-total').first().textContent()).toMatch(/^≈ \$/);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Transfer' }).click();
    await page.getByLabel('Amount').fill('1234.5');
    // What both wallets will hold, before anything moves.
    await page.getByTestId('transfer-after').getByText('98,765.50 USDT').waitFor();
    await page.getByRole('button', { name: 'Review transfer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('Move 1234.5 USDT from your Spot wallet to your Contract wallet?')
      .waitFor();
    expect(await balances(origin, session.token, '2')).toBe('0');
    await dialog.getByRole('button', { name: 'Transfer now' }).click();
    await page.getByText('Moved 1234.5 USDT from Spot to Contract').first().waitFor();
    expect(await balances(origin, session.token, '1')).toBe('98765.5');
    expect(await balances(origin, session.token, '2')).toBe('1234.5');

    await page.goto(`${origin}/account/wallet/bills`);
    const bills = page.getByTestId('bills');
    // The newest bills: the transfer's two sides, what left the spot wallet first.
    await bills.locator('[data-direction="out"]').first().waitFor();
    expect(await bills.locator('[data-direction="out"]').first().textContent()).toMatch(
      /^−1,234\.50* USDT$/,
    );
    expect(await bills.locator('[data-direction="in"]').first().textContent()).toMatch(
      /^\+1,234\.50* USDT$/,
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /Export CSV/ }).click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Time,Coin,Wallet,Type,Amount,Note,Reference');
    expect(lines[1]).toMatch(/,USDT,Spot,Transfer,-1234\.5,,transfer:/);
    expect(lines[2]).toMatch(/,USDT,Contract,Transfer,1234\.5,,transfer:/);
    expect(problems).toEqual([]);
  });

  it('on a phone at night, the tabs are a select and nothing scrolls sideways', async () => {
    const origin = ctx.platform.url;
    const session = await apiLogIn(origin, 'demo1@meridian.local');
    const page = await signedInPage(ctx.browser, session, {
      width: 390,
      height: 844,
      theme: 'night',
    });
    const problems = watchProblems(page);
    await page.goto(`${origin}/assets/index?key=overview`);
    await page.getByTestId('coin-table').waitFor();
    await page.getByRole('combobox', { name: 'Asset centre' }).click();
    await page.locator('.ant-select-item-option', { hasText: 'Asset details' }).click();
    await page.waitForURL('**/assets/index?key=records');
    await page.getByTestId('bills').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
