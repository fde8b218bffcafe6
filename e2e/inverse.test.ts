import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { usePlatformAndBrowser } from './platform.ts';
import { apiLogIn, signedInPage, type DemoSession } from './session.ts';
import { followMenu } from './menu.ts';

// Coin-margined BTCUSD: 100 USD a contract, margin, fees and profits in BTC (issue 20).
const ctx = usePlatformAndBrowser();

function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  return problems;
}

async function call<T>(origin: string, session: DemoSession, path: string, body?: unknown) {
  const res = await fetch(`${origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`${path} refused: ${answer.msg}`);
  return answer.data;
}

/** Moves BTC from the spot wallet into the contract wallet, as the transfer page does. */
const fundContractWallet = (origin: string, session: DemoSession, amount: string) =>
  call(origin, session, '/api/asset/transferFunds', { from: '1', to: '2', coin: 'BTC', amount });

/** The user's coin-margined account in BTC. */
const btcAccount = (origin: string, session: DemoSession) =>
  call<{ walletBalance: string; available: string }>(
    origin,
    session,
    '/api/contract/account?coin=BTC',
  );

/** BTCUSD's mark price; a fresh start has none until its first index tick. */
async function markPrice(origin: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${origin}/api/core/coin/open/getFundingRate?symbolName=btcusd`);
    const body = (await res.json()) as { data: { markPrice: string | null } };
    if (body.data.markPrice) return body.data.markPrice;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no BTCUSD mark price after 10 s');
}

describe('coin-margined perpetual contracts', () => {
  it('a demo user funds the contract wallet with BTC, opens a BTCUSD long at market and closes it, paying in BTC', async () => {
    const origin = ctx.platform.url;
    const session = await apiLogIn(origin, 'demo1@meridian.local');
    await fundContractWallet(origin, session, '0.5');
    // Another user rests 100 contracts on each side around the mark (1 % under it to buy).
    const other = await apiLogIn(origin, 'demo2@meridian.local');
    await fundContractWallet(origin, other, '0.5');
    const mark = await markPrice(origin);
    const tick = (text: string) => (Math.round(Number(text) * 100) / 100).toFixed(2);
    for (const [side, price] of [
      ['sell', tick(mark)],
      ['buy', tick(String(Number(mark) * 0.99))],
    ] as const) {
      const order = await call<{ status: string }>(origin, other, '/api/contract/order/submit', {
        symbol: 'btcusd',
        side,
        type: 'limit',
        price,
        contracts: '100',
      });
      expect(order.status).toBe('waiting');
    }
    const before = await btcAccount(origin, session);
    expect(before.walletBalance).toBe('0.5');

    const page = await signedInPage(ctx.browser, session);
    const problems = watchProblems(page);

    // Trade ▸ Coin contract.
    await page.goto(`${origin}/home/index`);
    await followMenu(
      page,
      page.getByRole('menuitem', { name: 'Trade' }),
      'Coin contract',
      '**/trade/index?type=coin',
    );
    await page
      .getByRole('heading', { name: 'BTCUSD coin-margined perpetual' })
      .waitFor({ state: 'attached' });
    await page.getByTestId('perp-book').waitFor();
    // The account box is the BTC contract account.
    const account = page.getByTestId('perp-account');
    await account.getByText('0.5 BTC').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // A market long of 100 contracts: 10,000 USD, its BTC value and cost in BTC first.
    const form = page.getByRole('region', { name: 'Place an order' });
    await form.getByText('Market', { exact: true }).click();
    await form.getByLabel('Contracts', { exact: true }).fill('100');
    await page
      .getByTestId('perp-size')
      .getByText(/^= 10,000(\.00)? USD ≈ 0\.\d+ BTC$/)
      .waitFor();
    expect(await page.getByTestId('perp-cost-long').textContent()).toMatch(/^0\.\d+ BTC$/);
    await form.getByRole('button', { name: 'Open long' }).click();
    const confirm = page.getByRole('dialog', { name: 'Open long BTCUSD?' });
    await confirm.getByText(/^100 \(10,000(\.00)? USD ≈ 0\.\d+ BTC\)$/).waitFor();
    await confirm.getByRole('button', { name: 'Place order' }).click();
    await page.getByText(/^Open long BTCUSD: order for 100 contracts (filled|placed)\.$/).waitFor();

    // The position: 10,000 USD of contracts, margin and PnL in BTC.
    const row = page.getByTestId('perp-position').first();
    await row.waitFor({ timeout: 30_000 });
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('BTCUSD');
    expect(text).toContain('Long');
    expect(text).toMatch(/10,000(\.0+)? USD/);
    expect(await row.getByTestId('perp-pnl').textContent()).toMatch(
      /^[+-]?[\d,.]+ BTC[+-]?[\d.]+ %$/,
    );
    expect(text).toMatch(/0\.\d+ BTC/);

    // Close at market; the position leaves and the BTC balance has paid the fees.
    await row.getByRole('button', { name: 'Close' }).click();
    const closing = page.getByRole('dialog', { name: 'Close BTCUSD at market?' });
    await closing.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('BTCUSD: closing order placed.').waitFor();
    await page.getByText('No open positions.').waitFor({ timeout: 30_000 });
    const after = await btcAccount(origin, session);
    expect(after.walletBalance).not.toBe(before.walletBalance);
    await account.getByText(`${after.walletBalance} BTC`).first().waitFor({ timeout: 10_000 });

    // The fills, with their fees in BTC; the coin order centre lists the same orders.
    await page.getByRole('tab', { name: 'Trade history' }).click();
    await expect
      .poll(async () => page.getByTestId('perp-fills').locator('.ant-table-row').count(), {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('perp-fills').textContent()).toContain('BTC');
    await page.getByRole('link', { name: 'Order centre' }).click();
    await page.waitForURL('**/account/entrust/future/coin');
    await page.getByText('Coin-margined contract orders').waitFor();
    await page.getByRole('tab', { name: 'Orders' }).waitFor();
    await expect
      .poll(async () => page.locator('.ant-table-row').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    expect(problems).toEqual([]);
  });
});
