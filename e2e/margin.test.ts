import { describe, expect, it } from 'vitest';
import { compareDecimal } from '@meridian/core';
import { seriousViolations } from './axe.ts';
import { closeNotices } from './notices.ts';
import { usePlatformAndBrowser } from './platform.ts';
import { apiLogIn, signedInPage } from './session.ts';

/**
 * Spot margin in a browser, the journey: into the isolated BTC/USDT account, borrow
 * USDT, buy BTC from the margin account, repay; each step confirmed first, and the server's
 * account the same as what the page says.
 */

const ctx = usePlatformAndBrowser();

interface Account {
  coins: { coin: string; available: string; borrowed: string; interest: string }[];
  marginLevel: string | null;
}

async function isolated(token: string): Promise<Account> {
  const res = await fetch(`${ctx.platform.url}/api/core/coin/wallet/fixed/marginProperty/btcusdt`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: Account }).data;
}

const coin = (account: Account, name: string) =>
  account.coins.find((row) => row.coin.toLowerCase() === name);

describe('spot margin in a browser', () => {
  it('moves USDT into isolated BTC/USDT, borrows, buys BTC from the margin account and repays', async () => {
    const session = await apiLogIn(ctx.platform.url, 'demo1@meridian.local');
    const page = await signedInPage(ctx.browser, session);
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    await page.goto(`${ctx.platform.url}/trade/index?type=spot&symbol=btc`);
    const form = page.getByRole('region', { name: 'Place order' });
    await form.getByText('Isolated', { exact: true }).click();
    const panel = page.getByTestId('margin-panel');
    await panel.getByText('Isolated margin').waitFor({ timeout: 20_000 });
    await panel.getByTestId('margin-gauge').getByText('Nothing owed').first().waitFor();
    // The mode is in the address: a reload comes back to the isolated account.
    expect(new URL(page.url()).searchParams.get('margin')).toBe('isolated');
    await page.reload();
    await panel.getByText('Isolated margin').waitFor({ timeout: 20_000 });

    // Transfer 1,000 USDT in: the dialog reviews before anything moves.
    await panel.getByTestId('margin-transfer').click();
    const transfer = page.getByRole('dialog');
    await transfer.getByTestId('transfer-dialog-amount').fill('1000');
    await transfer.getByTestId('transfer-dialog-next').click();
    await transfer.getByTestId('transfer-dialog-review').getByText('1,000').first().waitFor();
    await transfer.getByTestId('transfer-dialog-confirm').click();
    await transfer.waitFor({ state: 'hidden' });
    await panel.getByTestId('margin-coin-usdt').getByText('1,000').first().waitFor();

    // Borrow 2,000 USDT: the review quotes the hourly interest and the level after.
    await panel.getByTestId('margin-borrow').click();
    const borrow = page.getByRole('dialog');
    await borrow.getByTestId('borrow-dialog-amount').fill('2000');
    await borrow.getByTestId('borrow-dialog-next').click();
    const quote = borrow.getByTestId('borrow-quote');
    await quote.getByText('Margin level after').waitFor();
    await quote.getByText('1.5').waitFor();
    expect(coin(await isolated(session.token), 'usdt')?.borrowed).toBe('0');
    await borrow.getByTestId('borrow-dialog-confirm').click();
    await borrow.waitFor({ state: 'hidden' });
    await panel.getByTestId('margin-coin-usdt').getByText('3,000').first().waitFor();
    await panel.getByTestId('margin-gauge').getByText('Safe', { exact: false }).waitFor();
    expect(coin(await isolated(session.token), 'usdt')?.borrowed).toBe('2000');
    // The margin panel's part of the trade page (the page's other panels are spot's).
    expect(await seriousViolations(page, '[data-testid="margin-panel"]')).toEqual([]);

    // A market buy of 0.01 BTC from the margin account; the confirmation names the account.
    await closeNotices(page);
    const buy = page.getByRole('region', { name: 'Buy BTC' });
    await form.getByText('Market', { exact: true }).click();
    // Borrow on order is asked for, but the account covers the order: nothing more is lent.
    await buy.getByLabel('Quantity (BTC)').fill('0.01');
    await buy.getByTestId('auto-borrow').click();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/currency/order/submit')) sent.push(request.postData() ?? '');
    });
    await buy.getByRole('button', { name: 'Buy BTC' }).click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.getByTestId('confirm-account').innerText()).toBe('Isolated margin');
    await confirm.getByTestId('confirm-auto-borrow').waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Order filled: BTC/USDT').waitFor();
    expect(JSON.parse(sent[0] ?? '{}')).toMatchObject({ margin: 'isolated', autoBorrow: true });
    expect(coin(await isolated(session.token), 'usdt')?.borrowed).toBe('2000');
    await expect
      .poll(async () => coin(await isolated(session.token), 'btc')?.available, { timeout: 10_000 })
      .toBe('0.00998'); // 0.01 less the 0.2 % taker fee, paid in the coin received

    // Repay everything owed (interest first): the maximum, then nothing is owed.
    await closeNotices(page);
    await panel.getByTestId('margin-repay').click();
    const repay = page.getByRole('dialog');
    await repay.getByRole('button', { name: 'Max' }).click();
    await repay.getByTestId('repay-dialog-next').click();
    await repay.getByText('A repayment pays the interest first, then the principal.').waitFor();
    await repay.getByTestId('repay-dialog-confirm').click();
    await repay.waitFor({ state: 'hidden' });
    await panel.getByTestId('margin-gauge').getByText('Nothing owed').first().waitFor();
    const after = await isolated(session.token);
    expect(coin(after, 'usdt')?.borrowed).toBe('0');
    expect(coin(after, 'usdt')?.interest).toBe('0');
    // 3,000 less the BTC bought, the 2,000 repaid and the interest: above zero, below 1,000.
    const left = coin(after, 'usdt')?.available ?? '0';
    expect([compareDecimal(left, '0'), compareDecimal(left, '1000')]).toEqual([1, -1]);

    // The isolated order centre lists the margin buy, the borrow and the repayment.
    await page.goto(`${ctx.platform.url}/account/entrust/margin-fixed`);
    await page.getByRole('tab', { name: 'Order history' }).click();
    await page.getByTestId('margin-orders-orders').locator('[data-order-id]').first().waitFor();
    expect(await page.getByTestId('margin-orders-orders').locator('[data-order-id]').count()).toBe(
      1,
    );
    await page.getByRole('tab', { name: 'Borrows' }).click();
    const borrows = page.getByTestId('margin-history-borrow');
    await borrows.getByText('2,000').waitFor();
    await page.getByRole('tab', { name: 'Repayments' }).click();
    await page
      .getByTestId('margin-history-repay')
      .locator('tbody tr[data-row-key]')
      .first()
      .waitFor();

    // The margin rules: rates, what each pool can lend and the insurance fund, public.
    const visitor = await signedInPage(ctx.browser, null);
    await visitor.goto(`${ctx.platform.url}/rule/index?tab=margin`);
    const rates = visitor.getByTestId('margin-rates');
    await rates.getByRole('columnheader', { name: 'Insurance fund' }).waitFor();
    await rates.getByText('USDT').first().waitFor();
    expect(await seriousViolations(visitor)).toEqual([]);
    await visitor.close();
    expect(crashes).toEqual([]);
    await page.close();
  });
});
