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

describe('second contracts', () => {
  it('a demo user opens a 30-second contract, watches it count down and settle on the shown tick', async () => {
    const origin = ctx.platform.url;
    const session = await apiLogIn(origin, 'demo1@meridian.local');
    const page = await signedInPage(ctx.browser, session);
    const problems = watchProblems(page);

    // Trade ▸ Second contract.
    await page.goto(`${origin}/home/index`);
    await followMenu(
      page,
      page.getByRole('menuitem', { name: 'Trade' }),
      'Second contract',
      '**/trade/index?type=sec',
    );
    await page.getByRole('heading', { name: 'BTC/USDT second contract' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Whole coins only, said before anything is sent.
    const stake = page.getByLabel('Stake');
    await stake.fill('12.5');
    await page.getByText('Quantity must be an integer').waitFor();
    expect(await page.getByRole('button', { name: 'Up' }).isDisabled()).toBe(true);
    await stake.fill('100');
    await page.getByRole('button', { name: 'Up' }).click();

    // The confirmation: what a win, a loss and a tie pay back.
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Up for 30 seconds').waitFor();
    const rows = await dialog.locator('.ant-descriptions-row').allTextContents();
    expect(rows).toEqual([
      'Stake100 USDT',
      'Service charge0.2 USDT',
      'Taken from your spot balance now100.2 USDT',
      'You get back on a win (+20%)120 USDT',
      'You get back on a loss (−20%)80 USDT',
      'You get back if the price is unchanged100 USDT',
    ]);
    await dialog.getByRole('button', { name: 'Open contract' }).click();

    // Open, counting down.
    const countdown = page.getByTestId('countdown').first();
    await countdown.waitFor();
    const first = Number((await countdown.textContent())!.replace(/\D/g, ''));
    expect(first).toBeGreaterThan(20);
    expect(first).toBeLessThanOrEqual(30);
    await page.waitForTimeout(2_500);
    const later = Number((await countdown.textContent())!.replace(/\D/g, ''));
    expect(later).toBeLessThan(first);

    // Settled on the first index tick after expiry: the result names the tick.
    const result = page.getByTestId('seconds-result');
    await result.waitFor({ timeout: 45_000 });
    const text = (await result.textContent())!;
    expect(text).toMatch(/^(Won: 120 USDT back|Lost: 80 USDT back|Unchanged: your 100 USDT)/);
    expect(text).toMatch(/settled at [\d.,]+ on index tick #\d+ at .+ \(simulated/);

    // The history row with its tick, and the index history around it.
    await page.getByText('History', { exact: true }).click();
    const tick = page.getByRole('button', { name: /^#\d+ · simulated/ }).first();
    await tick.waitFor();
    await tick.click();
    const history = page.getByRole('dialog', { name: 'Index history around the settlement' });
    await history.getByText(/^Settled at [\d.]+ on tick #\d+/).waitFor();
    await history.locator('.ant-table-row').first().waitFor();
    expect(problems).toEqual([]);
  }, 90_000);

  it('on a phone at night: the settled history and the rules, nothing sideways, no serious axe finding', async () => {
    const origin = ctx.platform.url;
    const session = await apiLogIn(origin, 'demo1@meridian.local');
    const page = await signedInPage(ctx.browser, session, {
      width: 390,
      height: 844,
      theme: 'night',
    });
    const problems = watchProblems(page);
    await page.goto(`${origin}/trade/index?type=sec&symbol=btc`);
    await page.getByRole('heading', { name: 'BTC/USDT second contract' }).waitFor();
    await page.getByText('History', { exact: true }).click();
    await page
      .getByRole('button', { name: /^#\d+ · simulated/ })
      .first()
      .waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${origin}/rule/index?tab=second`);
    await page.getByRole('heading', { name: 'Second contract rules' }).waitFor();
    await page.getByText('BTC/USDT').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
