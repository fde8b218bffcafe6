import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { usePlatformAndBrowser } from './platform.ts';
import { pickOption, selectClosed } from './select.ts';
import { apiLogIn, signedInPage } from './session.ts';

// Blocks every 400 ms, so a simulated deposit's two BTC confirmations arrive in about a second.
const ctx = usePlatformAndBrowser(() => ({ DEPOSIT_BLOCK_MS: '400' }));

function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  return problems;
}

describe('deposits, on a phone in the night theme', () => {
  it('a demo user sends a simulated deposit to their own address and sees it confirm and credit', async () => {
    const origin = ctx.platform.url;
    const session = await apiLogIn(origin, 'demo1@meridian.local');
    const page = await signedInPage(ctx.browser, session, {
      width: 390,
      height: 844,
      theme: 'night',
    });
    const problems = watchProblems(page);

    await page.goto(`${origin}/account/wallet/deposit`);
    const address = page.getByTestId('deposit-address');
    await address.waitFor();
    // The first coin's address (an EVM one), then Bitcoin chosen from the coin list.
    expect(await address.textContent()).toMatch(/0x[0-9a-fA-F]{40}/);
    await pickOption(
      page,
      page.getByRole('combobox', { name: 'Coin' }),
      'BTC · Bitcoin',
      async () => /bc1q/.test((await address.textContent()) ?? ''),
    );
    await selectClosed(page);
    expect(await address.textContent()).toMatch(/bc1q[02-9ac-hj-np-z]{38}/);
    await page.getByText('Confirmations needed').waitFor();
    expect(await page.locator('svg title', { hasText: 'QR code' }).count()).toBe(1);
    // The page fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    // The wallet frame's tab bar (features/wallet, not this page's content) is left to its
    // own tests: at phone width antd puts its overflow button inside the tablist.
    expect(
      (await seriousViolations(page)).filter(
        (v) => !v.startsWith('aria-required-children: .ant-tabs-nav'),
      ),
    ).toEqual([]);

    await page.getByLabel('Amount').fill('0.25');
    await page.getByRole('button', { name: 'Send simulated deposit' }).click();
    await page.getByText('Simulated deposit sent').first().waitFor();
    // Listed while it confirms, then credited, without reloading the page.
    await page
      .getByText(/^Confirming \d\/2$/)
      .or(page.getByText('Credited', { exact: true }))
      .first()
      .waitFor();
    await page.getByText('Credited', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByText('0.25 BTC').waitFor();

    await page.goto(`${origin}/account/wallet/history-deposit`);
    await page.getByText('Credited', { exact: true }).waitFor();
    await page.getByRole('button', { name: /Export CSV/ }).waitFor();

    await page.goto(`${origin}/assets/index?key=recharge`);
    await page.getByTestId('deposit-address').waitFor();
    expect(problems).toEqual([]);
  });
});
