import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../../app.ts';
import { call, startAccounts } from '../../../../test/accounts-helpers.ts';
import { submit, trader, wallet, type Trader } from './spot-helpers.ts';

// Market makers off: the books hold only what these tests place.
let platform: Platform;
let a: Trader;
let b: Trader;

beforeAll(async () => {
  platform = (await startAccounts({ MARKET_MAKERS: 'false' })).platform;
  a = await trader(platform, 'cancel-all-a@example.org', { USDT: '100000', BTC: '2', ETH: '10' });
  b = await trader(platform, 'cancel-all-b@example.org', { USDT: '100000', BTC: '2' });
});
afterAll(async () => {
  await platform.app.close();
});

const cancelAll = (t: Trader, body: unknown, headers: Record<string, string> = {}) =>
  call(platform.app, 'POST', '/api/currency/order/cancelAll', body, { ...t.headers, ...headers });

async function place(t: Trader, body: Record<string, string>): Promise<string> {
  const res = await submit(platform, t, { type: 'limit', ...body });
  expect(res.status).toBe(200);
  return res.body.data.id as string;
}

async function openIds(t: Trader, symbol?: string): Promise<string[]> {
  const res = await call(
    platform.app,
    'POST',
    '/api/order/list',
    { status: 'open', size: 100, ...(symbol ? { symbol } : {}) },
    t.headers,
  );
  return (res.body.data.list as { id: string }[]).map((o) => o.id).sort();
}

describe('cancel all open orders', () => {
  it("cancels the caller's open orders of one market only, and none of another user's", async () => {
    const buy = await place(a, { symbol: 'btcusdt', side: 'buy', price: '30000', quantity: '0.1' });
    const sell = await place(a, {
      symbol: 'btcusdt',
      side: 'sell',
      price: '90000',
      quantity: '0.2',
    });
    const stop = await place(a, {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'stop_limit',
      price: '95000',
      triggerPrice: '94000',
      quantity: '0.01',
    });
    const eth = await place(a, { symbol: 'ethusdt', side: 'sell', price: '9000', quantity: '1' });
    const theirs = await place(b, {
      symbol: 'btcusdt',
      side: 'sell',
      price: '91000',
      quantity: '0.5',
    });

    const res = await cancelAll(a, { symbol: 'btcusdt' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ cancelled: 3, ids: [buy, sell, stop] });
    // Held amounts are back; the other market's order and the other user's stay.
    expect(await wallet(platform, a)).toMatchObject({
      base: { available: '2', held: '0' },
      quote: { available: '100000', held: '0' },
    });
    expect(await openIds(a)).toEqual([eth]);
    expect(await openIds(b)).toEqual([theirs]);
    const history = await call(
      platform.app,
      'POST',
      '/api/order/list',
      { status: 'history', symbol: 'btcusdt', size: 100 },
      a.headers,
    );
    const statuses = Object.fromEntries(
      (history.body.data.list as { id: string; status: string }[]).map((o) => [o.id, o.status]),
    );
    expect([statuses[buy], statuses[sell], statuses[stop]]).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
  });

  it('cancels in every market without a symbol, and answers 0 when nothing is open', async () => {
    await place(a, { symbol: 'btcusdt', side: 'buy', price: '31000', quantity: '0.1' });
    const res = await cancelAll(a, {});
    expect(res.status).toBe(200);
    expect(res.body.data.cancelled).toBe(2);
    expect(await openIds(a)).toEqual([]);
    expect(await openIds(b)).toHaveLength(1);

    const again = await cancelAll(a, {});
    expect(again.body.data).toEqual({ cancelled: 0, ids: [] });
  });

  it('replays its first answer for a repeated Idempotency-Key', async () => {
    const id = await place(a, { symbol: 'btcusdt', side: 'buy', price: '32000', quantity: '0.1' });
    const key = { 'idempotency-key': 'cancel-all-key-0001' };
    const first = await cancelAll(a, { symbol: 'btcusdt' }, key);
    await place(a, { symbol: 'btcusdt', side: 'buy', price: '33000', quantity: '0.1' });
    const again = await cancelAll(a, { symbol: 'btcusdt' }, key);
    expect(first.body.data).toEqual({ cancelled: 1, ids: [id] });
    expect(again.body.data).toEqual(first.body.data);
    // The replay cancelled nothing new: the later order is still open.
    expect(await openIds(a, 'btcusdt')).toHaveLength(1);
    await cancelAll(a, {});
  });

  it('needs a signed-in user and a listed market', async () => {
    const anonymous = await call(platform.app, 'POST', '/api/currency/order/cancelAll', {});
    expect(anonymous.status).toBe(401);
    const unknown = await cancelAll(a, { symbol: 'zzzusdt' });
    expect(unknown.status).toBe(400);
  });
});
