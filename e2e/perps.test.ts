import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { usePlatformAndBrowser } from './platform.ts';
import { apiLogIn, signedInPage, type DemoSession } from './session.ts';
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

/** Moves USDT from the spot wallet into the contract wallet, as the transfer page does. */
async function fundContractWallet(origin: string, session: DemoSession, amount: string) {
  const res = await fetch(`${origin}/api/asset/transferFunds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ from: '1', to: '2', coin: 'USDT', amount }),
  });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 200) throw new Error(`transfer refused: ${body.msg}`);
}

/** A resting limit order of another user: the liquidity the journey's market orders meet. */
async function restingOrder(
  origin: string,
  session: DemoSession,
  side: 'buy' | 'sell',
  price: string,
  contracts: string,
) {
  const res = await fetch(`${origin}/api/contract/order/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ symbol: 'btcusdt', side, type: 'limit', price, contracts }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: { status: string } };
  if (body.code !== 200 || body.data.status !== 'waiting')
    throw new Error(`resting order not placed: ${body.msg} ${body.data?.status}`);
}

/**
 * The market's mark price now, from the public funding-rate call; a fresh start has none
 * until its first index tick, so it is asked again until there is one.
 */
async function markPrice(origin: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${origin}/api/core/coin/open/getFundingRate?symbolName=btcusdt`);
    const body = (await res.json()) as { data: { markPrice: string | null } };
    if (body.data.markPrice) return body.data.markPrice;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no mark price after 10 s');
}

/** A price cell's text as a number, for typing test prices only (never for money). */
const priceOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));

describe('U-margined perpetual contracts', () => {
  it('a demo user opens a 10x long on BTCUSDT, watches its PnL move, sets TP/SL and closes it', async () => {
    const origin = ctx.platform.url;
    const session = await apiLogIn(origin, 'demo1@meridian.local');
    await fundContractWallet(origin, session, '2000');
    // Another user quotes both sides around the mark: 100 contracts to buy from at the
    // mark, 100 to sell to 1 % under it (the journey's long opens and closes against them).
    const other = await apiLogIn(origin, 'demo2@meridian.local');
    await fundContractWallet(origin, other, '5000');
    const mark = await markPrice(origin);
    const tick = (text: string) => (Math.round(Number(text) * 100) / 100).toFixed(2);
    await restingOrder(origin, other, 'sell', tick(mark), '100');
    await restingOrder(origin, other, 'buy', tick(String(Number(mark) * 0.99)), '100');
    const page = await signedInPage(ctx.browser, session);
    const problems = watchProblems(page);

    // Trade ▸ U contract.
    await page.goto(`${origin}/home/index`);
    await followMenu(
      page,
      page.getByRole('menuitem', { name: 'Trade' }),
      'U contract',
      '**/trade/index?type=usta',
    );
    await page.getByRole('heading', { name: 'BTCUSDT perpetual' }).waitFor({ state: 'attached' });
    await page.getByTestId('perp-book').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // 10x: the leverage dialog, checked against the tiers before anything is sent.
    const form = page.getByRole('region', { name: 'Place an order' });
    await form.getByRole('button', { name: /^\d+x$/ }).click();
    const leverage = page.getByRole('dialog', { name: 'Adjust leverage' });
    await leverage.getByTestId('tier-table').waitFor();
    await leverage.getByLabel('Leverage', { exact: true }).fill('500');
    await leverage.getByText(/Choose from 1x to \d+x\./).waitFor();
    await leverage.getByLabel('Leverage', { exact: true }).fill('10');
    await leverage.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Leverage set to 10x.').waitFor();
    await form.getByRole('button', { name: '10x' }).waitFor();

    // A market long of 100 contracts (0.1 BTC): the size, cost and confirmation first.
    await form.getByText('Market', { exact: true }).click();
    await form.getByLabel('Contracts', { exact: true }).fill('1.5');
    await page
      .getByTestId('perp-form-hint')
      .getByText('Enter a whole number of contracts.')
      .waitFor();
    expect(await form.getByRole('button', { name: 'Open long' }).isDisabled()).toBe(true);
    await form.getByLabel('Contracts', { exact: true }).fill('100');
    await page
      .getByTestId('perp-size')
      .getByText(/^= 0\.1 BTC/)
      .waitFor();
    await form.getByRole('button', { name: 'Open long' }).click();
    const confirm = page.getByRole('dialog', { name: 'Open long BTCUSDT?' });
    await confirm.getByText('10x · Cross').or(confirm.getByText('10x · Isolated')).waitFor();
    await confirm.getByRole('button', { name: 'Place order' }).click();
    await page
      .getByText(/^Open long BTCUSDT: order for 100 contracts (filled|placed)\.$/)
      .waitFor();

    // The position, valued at the mark price, its PnL moving with the mark.
    const row = page.getByTestId('perp-position').first();
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('Long');
    const pnl = row.getByTestId('perp-pnl');
    const first = await pnl.textContent();
    expect(first).toMatch(/^[+-]?[\d,.]+ USDT[+-]?[\d.]+ %$/);
    await expect
      .poll(async () => pnl.textContent(), { timeout: 60_000, interval: 1_000 })
      .not.toBe(first);
    // The chart draws the entry line once a position exists.
    await page.getByText('— Entry').waitFor();

    // Take-profit above and stop-loss below the mark; a wrong side is refused first.
    const marked = priceOf((await row.locator('td').nth(3).textContent())!);
    await row.getByRole('button', { name: 'TP/SL' }).click();
    const stops = page.getByRole('dialog', { name: 'Take-profit and stop-loss of BTCUSDT' });
    await stops.getByLabel('Take-profit price').fill(String(Math.floor(marked * 0.5)));
    await stops.getByRole('button', { name: 'Confirm' }).click();
    await stops.getByTestId('stops-problem').waitFor();
    const takeProfit = String(Math.floor(marked * 1.5));
    const stopLoss = String(Math.floor(marked * 0.5));
    await stops.getByLabel('Take-profit price').fill(takeProfit);
    await stops.getByLabel('Stop-loss price').fill(stopLoss);
    await stops.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('BTCUSDT: take-profit and stop-loss saved.').waitFor();
    await expect
      .poll(async () => row.getByTestId('perp-stops').textContent(), { timeout: 10_000 })
      .not.toContain('TP --');

    // Close at market, confirmed; the position leaves and the trade is in the history.
    await row.getByRole('button', { name: 'Close' }).click();
    const closing = page.getByRole('dialog', { name: 'Close BTCUSDT at market?' });
    await closing.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('BTCUSDT: closing order placed.').waitFor();
    await page.getByText('No open positions.').waitFor({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Trade history' }).click();
    await expect
      .poll(async () => page.getByTestId('perp-fills').locator('.ant-table-row').count(), {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(2);
    expect(problems).toEqual([]);
  });
});
