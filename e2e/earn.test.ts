import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { usePlatformAndBrowser } from './platform.ts';
import { apiLogIn, signedInPage } from './session.ts';

const ctx = usePlatformAndBrowser();

function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  return problems;
}

async function financeUsdt(origin: string, token: string): Promise<string> {
  const res = await fetch(`${origin}/api/core/coin/assets/getMyBalance?type=3`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const rows = ((await res.json()) as { data: { coin: string; available: string }[] }).data;
  return rows.find((r) => r.coin === 'USDT')?.available ?? '0';
}

describe('staking', () => {
  it('a demo user subscribes to a staking product after seeing what it pays, and finds it under their orders with its estimate', async () => {
    const origin = ctx.platform.url;
    const session = await apiLogIn(origin, 'demo1@meridian.local');
    // Funds into the finance wallet, where subscriptions are paid from.
    const moved = await fetch(`${origin}/api/asset/transferFunds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: session.token },
      body: JSON.stringify({ from: '1', to: '3', coin: 'USDT', amount: '3000' }),
    });
    expect(((await moved.json()) as { code: number }).code).toBe(200);
    const page = await signedInPage(ctx.browser, session);
    const problems = watchProblems(page);

    // The top menu's staking entry, then the 30-day product's card.
    await page.goto(`${origin}/home/index`);
    await page.getByRole('link', { name: 'Staking' }).first().click();
    await page.waitForURL('**/pledge/index');
    const card = page.getByRole('region', { name: 'pledge-usdt-30' });
    await card.getByText('USDT staking, 30-day cycle').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL('**/pledge/add?id=pledge-usdt-30');

    // What 1,000 USDT pays, and when, before anything moves.
    await page.getByLabel('Invest amount').fill('1000');
    const quote = page.getByTestId('earn-quote');
    await quote.getByText('1.2 USDT').waitFor();
    await quote.getByText('36 USDT').waitFor();
    expect(await financeUsdt(origin, session.token)).toBe('3000');
    await page.getByTestId('earn-subscribe').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Confirm the subscription').waitFor();
    await dialog.getByText('36 USDT').waitFor();
    expect(await financeUsdt(origin, session.token)).toBe('3000');
    await dialog.getByRole('button', { name: 'Subscribe now' }).click();

    // Under my orders, in progress, with its estimated revenue and a redeem action.
    await page.waitForURL('**/pledge/order');
    const row = page.getByRole('row', { name: /USDT staking, 30-day cycle/ });
    await row.getByText('In progress').waitFor();
    await row.getByText('36 USDT').waitFor();
    await row.getByText('1,000 USDT').waitFor();
    await row.getByRole('button', { name: 'Redeem' }).waitFor();
    expect(await financeUsdt(origin, session.token)).toBe('2000');
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  }, 90_000);
});
