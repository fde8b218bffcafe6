import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseUnits } from '@meridian/core';
import { seriousViolations } from './axe.ts';
import { activateDemoOperator } from './ops-session.ts';
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

/** The user's spot USDT as the wallet call answers it, in minor units. */
async function spotUsdt(origin: string, token: string): Promise<bigint> {
  const res = await fetch(`${origin}/api/core/coin/assets/getMyBalance?type=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { data: Array<{ coin: string; available: string }> };
  return parseUnits(body.data.find((b) => b.coin === 'USDT')?.available ?? '0', 6);
}

describe('bank-transfer recharge, from the user to the finance desk and back', () => {
  it('a user submits a bank recharge with a PNG, finance approves it at /ops, the user sees it approved and the balance up; a new minimum applies at once', async () => {
    const origin = ctx.platform.url;
    const session = await apiLogIn(origin, 'demo1@meridian.local');
    const before = await spotUsdt(origin, session.token);
    const user = await signedInPage(ctx.browser, session);
    const userProblems = watchProblems(user);

    await user.goto(`${origin}/account/wallet/deposit`);
    await user.getByText('Bank transfer', { exact: true }).click();
    await user.getByTestId('bank-accountNumber').waitFor();
    await user.getByText('Demo details: do not send real money', { exact: false }).waitFor();
    await user.getByLabel('Recharge quantity').fill('123.45');
    await user.getByTestId('payment-screenshot').setInputFiles({
      name: 'transfer.png',
      mimeType: 'image/png',
      buffer: await sharp({
        create: { width: 720, height: 1280, channels: 3, background: { r: 240, g: 244, b: 250 } },
      })
        .png()
        .toBuffer(),
    });
    await user.getByText('Uploaded', { exact: true }).waitFor();
    expect(await seriousViolations(user)).toEqual([]);
    await user.getByRole('button', { name: 'Submit recharge' }).click();
    await user.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    const orderNo = (await user.getByTestId('recharge-order-no').textContent()) ?? '';
    expect(orderNo).toMatch(/^BR\d{18}$/);
    await user.getByText('Under review').first().waitFor();
    // Nothing is credited before an operator has checked the payment.
    expect(await spotUsdt(origin, session.token)).toBe(before);

    const ops = await ctx.browser.newPage();
    const opsProblems = watchProblems(ops);
    await activateDemoOperator(ops, origin, 'finance', 'Finance-pass-2026');

    // The navigation's link: the dashboard's queue card ("Bank recharges waiting for
    // review") is a link too, once its count has loaded.
    await ops.getByRole('link', { name: 'Bank recharges', exact: true }).click();
    await ops.getByText(orderNo).waitFor();
    await ops.getByRole('button', { name: 'Open' }).first().click();
    await ops.getByTestId('recharge-amount').waitFor();
    expect(await ops.getByTestId('recharge-amount').textContent()).toBe('123.45 USDT');
    await ops.getByRole('button', { name: 'Claim' }).click();
    await ops.getByText('You hold this item for 30 minutes').first().waitFor();
    // The screenshot comes through the audited review call, shown from a blob.
    await expect
      .poll(() => ops.locator('.ant-drawer img[src^="blob:"]').count(), { timeout: 10_000 })
      .toBe(1);
    await ops.getByRole('button', { name: 'Approve', exact: true }).click();
    await ops
      .locator('.ant-modal')
      .getByRole('button', { name: /Approve|Confirm|OK/ })
      .click();
    await ops.getByText('Approved').first().waitFor();

    // The user sees it approved, and the exact amount arrived once.
    await user.goto(`${origin}/account/wallet/history-deposit`);
    await user.getByText(orderNo).waitFor();
    await user.getByText('Approved', { exact: true }).first().waitFor();
    expect(await spotUsdt(origin, session.token)).toBe(before + 123_450_000n);

    // Finance changes the published minimum; the user's form applies it at once.
    await ops.goto(`${origin}/ops/recharge-banks`);
    await ops.getByText('DEMOXXXX').waitFor();
    await ops.getByRole('button', { name: 'Edit the account for USDT' }).click();
    await ops.getByLabel('Minimum per order').fill('50');
    await ops.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await ops.getByText('Bank details saved').first().waitFor();
    await user.goto(`${origin}/account/wallet/deposit`);
    await user.getByText('Bank transfer', { exact: true }).click();
    await user.getByText('Minimum 50 USDT · maximum 100,000 USDT').waitFor();
    await user.getByLabel('Recharge quantity').fill('20');
    await user.getByText('The smallest bank recharge is 50 USDT').waitFor();

    // On a phone at night: nothing scrolls sideways, no serious axe finding in the form.
    const phone = await signedInPage(ctx.browser, session, {
      width: 390,
      height: 844,
      theme: 'night',
    });
    const phoneProblems = watchProblems(phone);
    await phone.goto(`${origin}/account/wallet/deposit`);
    await phone.getByText('Bank transfer', { exact: true }).click();
    await phone.getByTestId('bank-accountNumber').waitFor();
    await phone.getByText(orderNo).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    // The wallet frame's tab bar is left to its own tests (see e2e/deposits.test.ts).
    expect(
      (await seriousViolations(phone)).filter(
        (v) => !v.startsWith('aria-required-children: .ant-tabs-nav'),
      ),
    ).toEqual([]);
    expect(phoneProblems).toEqual([]);
    await phone.close();

    expect(userProblems).toEqual([]);
    expect(opsProblems).toEqual([]);
    await user.close();
    await ops.close();
  });
});
