import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { activateDemoOperator } from './ops-session.ts';
import { usePlatformAndBrowser } from './platform.ts';
import { selectClosed } from './select.ts';
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
    await selectClosed(page);
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

  it('a finance operator approves a withdrawal in the review queue and records it as sent', async () => {
    const origin = ctx.platform.url;
    const session = await apiLogIn(origin, 'demo2@meridian.local');
    const query = new URLSearchParams({
      coin: 'USDT',
      network: 'ERC20',
      address: '0x52908400098527886e0f7030069857d2e4169ee7',
      amount: '1500',
      fundPassword: 'Demo1234',
    });
    const submitted = (await (
      await fetch(`${origin}/api/withdraw/submit?${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.token}` },
      })
    ).json()) as { code: number; data: { state: string } };
    expect(submitted).toMatchObject({ code: 200, data: { state: 'review' } });

    const ops = await ctx.browser.newPage();
    const problems = watchProblems(ops);
    await activateDemoOperator(ops, origin, 'finance', 'Finance-pass-2026');
    await ops.getByRole('link', { name: 'Withdrawals', exact: true }).click();
    await ops.getByText('1500 USDT').waitFor();
    // Under review it is decided in the review queue: claimed by one operator, then approved.
    await ops.getByRole('link', { name: 'Open review' }).click();
    await ops.getByText('The withdrawal', { exact: true }).waitFor();
    await ops.getByRole('button', { name: 'Claim' }).click();
    await ops.getByText('You hold this item for 30 minutes').first().waitFor();
    await ops.getByRole('button', { name: 'Approve', exact: true }).click();
    await ops
      .locator('.ant-modal')
      .getByRole('button', { name: /Approve|Confirm|OK/ })
      .click();
    await ops.getByText('Approved').first().waitFor();
    await ops.locator('.ant-drawer-close').click();
    await ops.locator('.ant-drawer-open').waitFor({ state: 'hidden' });
    await ops.getByRole('link', { name: 'Withdrawals', exact: true }).click();
    await ops.getByText('1500 USDT').waitFor();
    await ops.getByRole('button', { name: 'Mark sent' }).click();
    await ops.getByLabel('Transaction id').fill('ab'.repeat(32));
    await ops.getByRole('dialog').getByRole('button', { name: 'Mark sent' }).click();
    await ops.getByText('Withdrawal recorded as sent').first().waitFor();
    await ops.getByText('Completed', { exact: true }).first().waitFor();
    await ops.screenshot({ path: '/tmp/ops-withdrawals.png', fullPage: true });
    expect(problems).toEqual([]);
    await ops.close();
  });
});
