import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlatform, type Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import {
  call,
  rememberPlatform,
  TestClock,
  trader,
  type Trader,
} from '../../../../test/accounts-helpers.ts';
import { testConfig, testDatabases, type TestDatabase } from '../../../../test/helpers.ts';

// Orders placed from a margin account are listed in the margin centres, and only there:
// the spot lists, cancel-all and mass quotes see the spot wallet's orders. On each
// database the tests have (the wallet column is new on a partitioned table on
// PostgreSQL). Market makers off, so the book holds only what these tests place.
let current: TestDatabase;
let database: Database;
let platform: Platform;
let alice: Trader;
let bob: Trader;

const U = 1_000_000n;
const E = '/api/core/coin/entrust';

const get = (t: Trader, path: string) => call(platform.app, 'GET', path, undefined, t.headers);
const post = (t: Trader, path: string, body: unknown) =>
  call(platform.app, 'POST', path, body, t.headers);

async function moveIn(t: Trader, body: Record<string, unknown>) {
  const res = await post(t, '/api/core/coin/wallet/margin/transfer', {
    direction: 'in',
    coin: 'USDT',
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function buy(t: Trader, price: string, margin?: 'cross' | 'isolated'): Promise<string> {
  const res = await post(t, '/api/currency/order/submit', {
    symbol: 'btcusdt',
    side: 'buy',
    type: 'limit',
    price,
    quantity: '0.01',
    ...(margin ? { margin } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as string;
}

const ids = (page: { list: Array<{ id: string }> }) => page.list.map((o) => o.id).sort();

async function marginIds(t: Trader, a: string, b: 'open' | 'history'): Promise<string[]> {
  const res = await get(t, `${E}/marginOrders/${a}/${b}/1`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ids(res.body.data);
}

/** The ids every spot list shows of `status` (open or history), checked to agree. */
async function spotIds(t: Trader, status: 'open' | 'history'): Promise<string[]> {
  const body = { status, size: 100 };
  const answers = await Promise.all([
    get(t, `${E}/entrustlog/btcusdt/${status}/1`),
    post(t, '/api/currency/order/orderList', body),
    post(t, '/api/order/list', body),
    post(t, `${E}/getEntrustLogCurrency`, body),
  ]);
  const lists = answers.map((res) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ids(res.body.data);
  });
  for (const list of lists) expect(list).toEqual(lists[0]);
  return lists[0]!;
}

describe.each(testDatabases())('margin orders on $name', ({ create }) => {
  beforeAll(async () => {
    current = await create();
    database = current.open();
    const clock = new TestClock();
    platform = await buildPlatform(
      testConfig({ DEMO_MODE: 'true', MARKET_MAKERS: 'false', MARKET_TICK_MS: '60000' }),
      { logger: false, database, clock, engineClock: () => clock.now().getTime() },
    );
    await platform.app.ready();
    rememberPlatform(platform);
    alice = await trader(platform, 'margin-orders-alice@example.org', { USDT: '10000' });
    bob = await trader(platform, 'margin-orders-bob@example.org', { USDT: '10000' });
    const ack = await platform.engine.index([['btcusdt', 50_000n * U]]);
    expect(ack.events.some((e) => e.type === 'rejected')).toBe(false);
  });
  afterAll(async () => {
    await platform.app.close();
    await database.close();
    await current.dispose();
  });

  let spot: string;
  let isolated: string;
  let cross: string;

  it('lists an isolated order in its account only, a cross one in cross only, spot apart', async () => {
    await moveIn(alice, { account: 'fixed', symbol: 'btcusdt', amount: '1000' });
    await moveIn(alice, { account: 'all', amount: '1000' });
    spot = await buy(alice, '49000');
    isolated = await buy(alice, '48000', 'isolated');
    cross = await buy(alice, '47000', 'cross');

    expect(await marginIds(alice, 'btcusdt', 'open')).toEqual([isolated]);
    expect(await marginIds(alice, 'fixed', 'open')).toEqual([isolated]);
    expect(await marginIds(alice, 'all', 'open')).toEqual([cross]);
    expect(await marginIds(alice, 'ethusdt', 'open')).toEqual([]);
    expect(await marginIds(alice, 'all', 'history')).toEqual([]);
    expect(await spotIds(alice, 'open')).toEqual([spot]);

    const page = (await get(alice, `${E}/marginOrders/btcusdt/open/1`)).body.data;
    expect(page).toMatchObject({ total: 1, page: 1, size: 20 });
    expect(page.list[0]).toMatchObject({
      id: isolated,
      symbol: 'btcusdt',
      side: 'buy',
      price: '48000',
      quantity: '0.01',
      status: 'waiting',
    });
  });

  it("shows another user none of them, and lets no one cancel another's", async () => {
    for (const a of ['all', 'fixed', 'btcusdt']) {
      expect(await marginIds(bob, a, 'open')).toEqual([]);
      expect(await marginIds(bob, a, 'history')).toEqual([]);
    }
    expect(await spotIds(bob, 'open')).toEqual([]);
    const theirs = await post(bob, '/api/core/coin/entrust/cancel/entrust', { id: isolated });
    expect(theirs.status).toBe(404);
    expect(await marginIds(alice, 'btcusdt', 'open')).toEqual([isolated]);
  });

  it('cancels only spot orders on cancel-all and mass quote; a margin order one by one', async () => {
    const all = await post(alice, '/api/currency/order/cancelAll', {});
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.data).toEqual({ cancelled: 1, ids: [spot] });
    const quote = await post(alice, '/api/currency/order/massQuote', {
      symbol: 'btcusdt',
      orders: [{ side: 'buy', price: '46000', quantity: '0.01' }],
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data.cancelled).toEqual([]);
    const quoted = quote.body.data.orders[0].order.id as string;
    expect(await marginIds(alice, 'fixed', 'open')).toEqual([isolated]);
    expect(await marginIds(alice, 'all', 'open')).toEqual([cross]);

    // The spot cancel call cancels the owner's margin order.
    const one = await post(alice, '/api/core/coin/entrust/cancel/entrust', { id: isolated });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data).toMatchObject({ id: isolated, status: 'cancelled' });
    expect(await marginIds(alice, 'btcusdt', 'open')).toEqual([]);
    expect(await marginIds(alice, 'btcusdt', 'history')).toEqual([isolated]);
    expect(await marginIds(alice, 'all', 'history')).toEqual([]);
    expect(await spotIds(alice, 'history')).toEqual([spot]);
    expect(await spotIds(alice, 'open')).toEqual([quoted]);
  });

  it('refuses a bad account, status or page with the field named', async () => {
    // The schema names a parameter `params.<name>`; the service (a pair not open to
    // margin) names it as the wallet call does, by its name alone.
    const cases: Array<[path: string, field: string]> = [
      ['btcusdt/closed/1', 'params.b'],
      ['btcusdt/all/1', 'params.b'],
      ['btcusdt/open/0', 'params.c'],
      ['btcusdt/open/x', 'params.c'],
      ['BTC-USDT/open/1', 'params.a'],
      ['ethbtc/open/1', 'a'],
      ['nosuchpair/open/1', 'a'],
    ];
    for (const [path, field] of cases) {
      const res = await get(alice, `${E}/marginOrders/${path}`);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
      expect(res.body.data, path).toMatchObject({ field });
    }
    const anonymous = await call(platform.app, 'GET', `${E}/marginOrders/all/open/1`);
    expect(anonymous.status).not.toBe(200);
  });
});
