import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Decimal } from '@meridian/core';
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

async function spot(origin: string, token: string, coin: string): Promise<string> {
  const res = await fetch(`${origin}/api/core/coin/assets/getMyBalance?type=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const rows = ((await res.json()) as { data: { coin: string; available: string }[] }).data;
  return rows.find((r) => r.coin === coin)!.available;
}

describe('swap', () => {
  it('a demo user swaps BTC to USDT at the quote they confirmed, and both balances change', async () => {
    const origin = ctx.platform.url;
    const session = await apiLogIn(origin, 'demo1@meridian.local');
    const page = await signedInPage(ctx.browser, session);
    const problems = watchProblems(page);
    const usdtBefore = await spot(origin, session.token, 'USDT');
    expect(await spot(origin, session.token, 'BTC')).toBe('1');

    // The header's asset menu leads to the swap.
    await page.goto(`${origin}/home/index`);
    await followMenu(
      page,
      page.getByRole('button', { name: 'Assets' }),
      'Swap',
      '**/assets/index?key=swap',
    );
    await page.getByLabel('Quantity').waitFor();
    // From BTC to USDT is the form's default pair.
    await page.getByRole('combobox', { name: 'From' }).waitFor();
    await page.getByLabel('Quantity').fill('0.01');
    await page.getByTestId('swap-net').waitFor();
    await page.getByText(/Valid for \d+ s/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Swap', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/^Swap 0\.01 BTC for [\d.]+ USDT\?$/).waitFor();
    // Nothing has moved before the confirmation.
    expect(await spot(origin, session.token, 'BTC')).toBe('1');
    await dialog.getByRole('button', { name: 'Swap now' }).click();

    const done = page.getByText(/^You received [\d.]+ USDT$/);
    await done.waitFor();
    const net = /^You received ([\d.]+) USDT$/.exec((await done.textContent())!)![1]!;
    expect(await spot(origin, session.token, 'BTC')).toBe('0.99');
    expect(await spot(origin, session.token, 'USDT')).toBe(
      Decimal.parse(usdtBefore)!.plus(Decimal.parse(net)!).toString(),
    );
    await page
      .getByTestId('swap-balances')
      .getByText(/^0\.99\sBTC$/)
      .waitFor();
    expect(problems).toEqual([]);
  });
});
