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

describe('withdrawals, on a phone in the night theme', () => {
  it('a demo user sees the rules, withdraws USDT after a confirmation, and cancels it', async () => {
    const origin = ctx.platform.url;
    const session = await apiLogIn(origin, 'demo1@meridian.local');
    const page = await signedInPage(ctx.browser, session, {
      width: 390,
      height: 844,
      theme: 'night',
    });
    const problems = watchProblems(page);

    await page.goto(`${origin}/account/wallet/withdrawal`);
    await page.getByText('Left today').waitFor();
    await page.getByRole('combobox', { name: 'Coin' }).click();
    await page.keyboard.type('USDT');
    await page.keyboard.press('Enter');
    await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
    await page.getByText(/^USDT withdrawal rules \(/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(
      (await seriousViolations(page)).filter(
        (v) => !v.startsWith('aria-required-children: .ant-tabs-nav'),
      ),
    ).toEqual([]);

    await page.locator('.ant-segmented').getByText('ERC20').click();
    await page.getByLabel('Withdrawal address').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await page.getByLabel('Amount').fill('10');
    await page.getByText('The minimum withdrawal is 20 USDT').waitFor();
    await page.getByLabel('Amount').fill('25');
    await page.getByLabel('Fund password').fill('Demo1234');
    await page.screenshot({ path: '/tmp/withdraw-phone-night.png', fullPage: true });
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Confirm withdrawal').waitFor();
    await dialog.getByText('30 USDT').waitFor();
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText('Withdrawal submitted').first().waitFor();
    await page.getByText('Approved', { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/withdraw-phone-night-2.png', fullPage: true });

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Cancelled', { exact: true }).waitFor();

    await page.goto(`${origin}/account/wallet/history-withdrawal`);
    await page.getByText('Cancelled', { exact: true }).waitFor();
    await page.goto(`${origin}/assets/index?key=withdraw`);
    await page.getByText('Left today').waitFor();
    expect(problems).toEqual([]);
  });
});
