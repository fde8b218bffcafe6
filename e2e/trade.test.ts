import { describe, expect, it } from 'vitest';
import { compareDecimal, Decimal } from '@meridian/core';
import { seriousViolations } from './axe.ts';
import { closeNotices } from './notices.ts';
import { usePlatformAndBrowser } from './platform.ts';
import { apiLogIn, signedInPage } from './session.ts';

/**
 * The spot trade page against the running platform: demo users place, see and cancel
 * orders through the form and the orders panel, and the engine holds and moves exactly
 * what the page says.
 */

const ctx = usePlatformAndBrowser();

async function wallet(token: string, base: string) {
  const res = await fetch(`${ctx.platform.url}/api/core/coin/wallet/get/${base}/usdt`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as {
    data: Record<'base' | 'quote', { available: string; held: string }>;
  };
  return body.data;
}

describe('spot trade page in a browser', () => {
  it('places a limit buy through the confirmation, with an idempotency key', async () => {
    const session = await apiLogIn(ctx.platform.url, 'demo2@meridian.local');
    const page = await signedInPage(ctx.browser, session);
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    const submits: { key: string | undefined; body: string | null }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/currency/order/submit')) {
        submits.push({ key: request.headers()['idempotency-key'], body: request.postData() });
      }
    });
    await page.goto(`${ctx.platform.url}/trade/index?symbol=eth`);
    // A missing type is written into the address.
    await page.waitForURL('**/trade/index?symbol=eth&type=spot');
    const buy = page.getByRole('region', { name: 'Buy ETH' });
    await buy.getByTestId('figure-available').getByText('100,000.0').waitFor({ timeout: 20_000 });
    // The price starts at the last price, which may arrive after the balance.
    await expect
      .poll(() => buy.getByLabel('Price (USDT)').inputValue(), { timeout: 20_000 })
      .toMatch(/^[\d,]+\.\d+$/);
    // Nothing typed yet: the button says why it cannot send.
    expect(await buy.getByTestId('form-hint').innerText()).toBe('Enter an amount of ETH');
    // Far below the market, so the order rests in the book with its value held.
    await buy.getByLabel('Price (USDT)').fill('1000');
    await buy.getByLabel('Quantity (ETH)').fill('0.0123456');
    expect(await buy.getByLabel('Quantity (ETH)').inputValue()).toMatch(/^0\.012\d*$/);
    await buy.getByLabel('Quantity (ETH)').fill('0.02');
    await buy.getByTestId('figure-after').getByText('99,980.00').waitFor();
    expect(await buy.getByTestId('form-hint').innerText()).toBe('');
    await buy.getByRole('button', { name: 'Buy ETH' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Confirm: Buy ETH').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Order placed: ETH/USDT').waitFor();
    expect(submits).toHaveLength(1);
    expect(JSON.parse(submits[0]?.body ?? '{}')).toEqual({
      symbol: 'ethusdt',
      side: 'buy',
      type: 'limit',
      price: '1000',
      quantity: '0.02',
    });
    expect(submits[0]?.key).toMatch(/^[\w-]{16,128}$/);
    // The wallet query is refreshed: 20 USDT is now held by the order.
    await buy.getByTestId('figure-available').getByText('99,980.00').waitFor();
    expect(await buy.getByLabel('Quantity (ETH)').inputValue()).toBe('');
    expect((await wallet(session.token, 'eth')).quote.held).toBe('20');
    expect(crashes).toEqual([]);
    await page.close();
  });

  it('shows a limit order in open orders and cancels it; cancels all; a market sell fills once', async () => {
    const session = await apiLogIn(ctx.platform.url, 'demo1@meridian.local');
    const page = await signedInPage(ctx.browser, session);
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    await page.goto(`${ctx.platform.url}/trade/index?type=spot&symbol=btc`);
    const form = page.getByRole('region', { name: 'Place order' });
    const buy = page.getByRole('region', { name: 'Buy BTC' });
    const sell = page.getByRole('region', { name: 'Sell BTC' });
    await buy.getByTestId('figure-available').getByText('100,000.0').waitFor({ timeout: 20_000 });

    // A limit buy far below the market rests: it appears under open orders.
    await buy.getByLabel('Price (USDT)').fill('1000');
    await buy.getByLabel('Quantity (BTC)').fill('0.01');
    await buy.getByRole('button', { name: 'Buy BTC' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Order placed: BTC/USDT').waitFor();
    const open = page.getByTestId('open-orders').locator('[data-order-id]');
    await open.first().getByText('Waiting for fill').waitFor();
    expect(await open.count()).toBe(1);
    expect((await wallet(session.token, 'btc')).quote.held).toBe('10');

    // Cancel asks first; the order leaves the open list and its hold is returned. Its
    // notice is the same one, now saying it was cancelled.
    await open.first().getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByTestId('open-orders').getByText('No open orders').waitFor();
    await page.getByText('Order cancelled: BTC/USDT').waitFor();
    expect(await page.getByText('Order placed: BTC/USDT').count()).toBe(0);
    expect((await wallet(session.token, 'btc')).quote.held).toBe('0');

    // Two resting orders, then "Cancel all": the dialog says how many and where.
    for (const price of ['1000', '1100']) {
      await buy.getByLabel('Price (USDT)').fill(price);
      await buy.getByLabel('Quantity (BTC)').fill('0.01');
      await buy.getByRole('button', { name: 'Buy BTC' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    }
    await page.getByRole('tab', { name: 'Open orders (2)' }).waitFor();
    await page.getByRole('button', { name: 'Cancel all' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Open orders in BTC/USDT: 2.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel all orders' }).click();
    await page.getByText('Orders cancelled: 2').waitFor();
    await page.getByTestId('open-orders').getByText('No open orders').waitFor();
    expect((await wallet(session.token, 'btc')).quote.held).toBe('0');
    // Signed in, with the orders panel's controls and its empty state: no serious finding.
    expect(await seriousViolations(page)).toEqual([]);

    // A market sell of 0.01 BTC fills against the market makers' bids: one notice says so
    // (the order call's answer and the user socket both report it).
    await closeNotices(page);
    await form.getByText('Sell', { exact: true }).click();
    await form.getByText('Market', { exact: true }).click();
    await sell
      .getByTestId('figure-available')
      .filter({ hasText: /Available\s*1\s*BTC/ })
      .waitFor();
    await sell.getByLabel('Quantity (BTC)').fill('0.01');
    await sell.getByRole('button', { name: 'Sell BTC' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Order filled: BTC/USDT').waitFor();
    await sell
      .getByTestId('figure-available')
      .filter({ hasText: /Available\s*0\.99\s*BTC/ })
      .waitFor();
    await page.waitForTimeout(1000);
    expect(await page.getByText('Order filled: BTC/USDT').count()).toBeLessThanOrEqual(1);
    await page.getByRole('tab', { name: 'Trade history' }).click();
    // A market order may take several levels of the book: its fills add up to 0.01.
    const fills = page.getByTestId('trade-history').locator('[data-fill-id]');
    await fills.first().waitFor();
    const soldInFills = async () => {
      let sold = Decimal.parse('0')!;
      for (const text of await fills.allInnerTexts()) {
        const [, , side, , , quantity] = text.split('\t');
        expect(side).toBe('Sell');
        sold = sold.plus(Decimal.parse(quantity!.replaceAll(',', ''))!);
      }
      return sold.toString();
    };
    await expect.poll(soldInFills).toBe('0.01');
    const after = await wallet(session.token, 'btc');
    expect(after.base.available).toBe('0.99');
    // Sold at the bids minus the taker fee: more USDT than before, less than 0.01 × 100,000.
    expect(compareDecimal(after.quote.available, '100000')).toBe(1);
    expect(compareDecimal(after.quote.available, '101000')).toBe(-1);
    expect(crashes).toEqual([]);
    await page.close();
  });

  it('shows the full-screen view without the header, no taller than the window', async () => {
    const page = await signedInPage(ctx.browser, null, { width: 1366, height: 768 });
    await page.goto(`${ctx.platform.url}/trade/index?type=spot&symbol=btc`);
    await page.getByRole('link', { name: 'Full screen' }).click();
    await page.waitForURL('**/exchange/full-screen/spot?symbol=btc');
    // The full-screen page is its own chunk: wait for it, not the page it replaces.
    await page.getByRole('link', { name: 'Standard view' }).waitFor({ timeout: 20_000 });
    await page.getByTestId('book-row').first().waitFor();
    expect(await page.locator('.app-header').count()).toBe(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollHeight - window.innerHeight,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  });

  it('has no serious or critical accessibility violations in either theme, wide or phone', async () => {
    for (const [theme, width, height] of [
      ['daytime', 1440, 900],
      ['night', 390, 844],
    ] as const) {
      const page = await signedInPage(ctx.browser, null, { width, height, theme });
      await page.goto(`${ctx.platform.url}/trade/index?type=spot&symbol=btc`);
      await page.getByTestId('book-row').first().waitFor({ timeout: 20_000 });
      if (width < 768) {
        // A phone: no full-screen link; the fixed Buy bar opens the form from the bottom.
        expect(await page.getByRole('link', { name: 'Full screen' }).count()).toBe(0);
        await page
          .getByRole('group', { name: 'Place order' })
          .getByRole('button', { name: 'Buy BTC' })
          .click();
      }
      await page.getByRole('region', { name: 'Buy BTC' }).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${theme} ${width}px`).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), `${theme} ${width}px`).toEqual([]);
      await page.close();
    }
  });
});
