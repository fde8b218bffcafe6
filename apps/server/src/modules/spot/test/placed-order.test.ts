import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Platform } from '../../../app.ts';
import { call, startAccounts } from '../../../../test/accounts-helpers.ts';
import { submit, trader, type Trader } from './spot-helpers.ts';

// The answer to placing an order is built from the engine's acknowledgement, before the
// query tables have it; the order lists read those tables. Both must show the same order.
let platform: Platform;
let maker: Trader;
let taker: Trader;

beforeAll(async () => {
  platform = (await startAccounts({ MARKET_MAKERS: 'false' })).platform;
  maker = await trader(platform, 'placed-maker@example.org', { USDT: '100000', BTC: '10' });
  taker = await trader(platform, 'placed-taker@example.org', { USDT: '100000', BTC: '1' });
});
afterAll(async () => {
  await platform.app.close();
});

async function listed(t: Trader, id: string) {
  const res = await call(
    platform.app,
    'POST',
    '/api/currency/order/orderList',
    { symbol: 'btcusdt', status: 'all', page: 1, size: 100 },
    t.headers,
  );
  return (res.body.data.list as Array<{ id: string }>).find((o) => o.id === id);
}

async function placeAndCompare(t: Trader, body: Record<string, string>) {
  const res = await submit(platform, t, { symbol: 'btcusdt', ...body });
  expect(res.status).toBe(200);
  // Listed right after the answer: the list waits for the projection to catch up.
  expect(await listed(t, res.body.data.id)).toEqual(res.body.data);
  return res.body.data as { status: string; filledQuantity: string; fee: string };
}

it('a resting limit order', async () => {
  const order = await placeAndCompare(maker, {
    side: 'sell',
    type: 'limit',
    price: '70000',
    quantity: '0.03',
  });
  expect(order.status).toBe('waiting');
});

it('a limit order that fills whole against a resting one, with its fee', async () => {
  const order = await placeAndCompare(taker, {
    side: 'buy',
    type: 'limit',
    price: '70000',
    quantity: '0.01',
  });
  expect(order).toMatchObject({ status: 'filled', filledQuantity: '0.01', fee: '0.00002' });
});

it('an IOC order that fills in part and has the rest cancelled', async () => {
  const order = await placeAndCompare(taker, {
    side: 'buy',
    type: 'limit',
    price: '70000',
    quantity: '0.05',
    timeInForce: 'IOC',
  });
  expect(order).toMatchObject({ status: 'cancelled', filledQuantity: '0.02' });
});

it('a market buy by quote amount across two price levels', async () => {
  await placeAndCompare(maker, { side: 'sell', type: 'limit', price: '70010', quantity: '0.001' });
  await placeAndCompare(maker, { side: 'sell', type: 'limit', price: '70020', quantity: '0.01' });
  const order = await placeAndCompare(taker, { side: 'buy', type: 'market', quoteAmount: '100' });
  expect(order.status).toBe('filled');
});

it('a stop-limit order waiting for its trigger', async () => {
  const order = await placeAndCompare(taker, {
    side: 'buy',
    type: 'stop_limit',
    price: '80100',
    quantity: '0.001',
    triggerPrice: '80000',
  });
  expect(order.status).toBe('waiting');
});
