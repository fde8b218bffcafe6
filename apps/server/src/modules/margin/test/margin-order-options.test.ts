import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlatform, type Platform } from '../../../app.ts';
import {
  call,
  rememberPlatform,
  TestClock,
  trader,
  type Trader,
} from '../../../../test/accounts-helpers.ts';
import { testConfig } from '../../../../test/helpers.ts';

// A margin order's options over HTTP: `autoBorrow` borrows what the order lacks and places
// it in the same engine step, or neither happens; `autoRepay` repays the loan from each
// fill. Market makers off: the book holds only what these tests place.
let platform: Platform;
let alice: Trader;
let bob: Trader;

const W = '/api/core/coin/wallet';
const U = 1_000_000n;

const get = (t: Trader, path: string) => call(platform.app, 'GET', path, undefined, t.headers);
const post = (t: Trader, path: string, body: unknown) =>
  call(platform.app, 'POST', path, body, t.headers);
const isolated = async (t: Trader) =>
  (await get(t, `${W}/fixed/marginProperty/btcusdt`)).body.data as {
    coins: Array<Record<string, string>>;
  };
const usdtOf = async (t: Trader) => (await isolated(t)).coins.find((c) => c.coin === 'USDT')!;
const order = (t: Trader, body: Record<string, unknown>) =>
  post(t, '/api/currency/order/submit', { symbol: 'btcusdt', ...body });
const buy = (extra: Record<string, unknown>, quantity = '0.08') =>
  order(alice, { side: 'buy', type: 'limit', price: '50000', quantity, ...extra });

beforeAll(async () => {
  const clock = new TestClock();
  platform = await buildPlatform(
    testConfig({ DEMO_MODE: 'true', MARKET_MAKERS: 'false', MARKET_TICK_MS: '60000' }),
    { logger: false, clock, engineClock: () => clock.now().getTime() },
  );
  await platform.app.ready();
  rememberPlatform(platform);
  alice = await trader(platform, 'auto-borrow-alice@example.org', { USDT: '10000' });
  bob = await trader(platform, 'auto-borrow-bob@example.org', { BTC: '1' });
  await platform.engine.index([['btcusdt', 50_000n * U]]);
  const moved = await post(alice, `${W}/margin/transfer`, {
    account: 'fixed',
    symbol: 'btcusdt',
    coin: 'USDT',
    amount: '1000',
    direction: 'in',
  });
  expect(moved.status).toBe(200);
  const offer = await order(bob, { side: 'sell', type: 'limit', price: '50000', quantity: '0.2' });
  expect(offer.status).toBe(200);
});
afterAll(async () => {
  await platform.app.close();
});

describe('borrow on order', () => {
  it('refuses bad asks with nothing changed: no margin account, beyond the leverage room', async () => {
    const spot = await buy({ autoBorrow: true });
    expect(spot.status).toBe(400);
    expect(spot.body.data).toMatchObject({ field: 'autoBorrow' });
    const typo = await buy({ margin: 'isolated', autoBorrow: 'yes' });
    expect(typo.status).toBe(400);
    // 1,000 at 10x lends 9,000 at most: 0.3 BTC (15,000) needs 14,000 more.
    const tooMuch = await buy({ margin: 'isolated', autoBorrow: true }, '0.3');
    expect(tooMuch.status).toBe(400);
    expect(await usdtOf(alice)).toMatchObject({ available: '1000', borrowed: '0' });
    // Without the option, an order the account cannot cover is refused as before.
    expect((await buy({ margin: 'isolated' })).status).toBe(400);
  });

  it('borrows exactly what the order lacks and fills it from the margin account', async () => {
    const res = await buy({ margin: 'isolated', autoBorrow: true, timeInForce: 'IOC' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'filled' });
    // 0.08 BTC at 50,000 = 4,000; 1,000 was there, 3,000 borrowed, all spent.
    expect(await usdtOf(alice)).toMatchObject({ available: '0', borrowed: '3000' });
    const loans = (await get(alice, '/api/core/coin/entrust/borrowOrder/btcusdt/borrow/1')).body
      .data;
    expect(loans.records).toMatchObject([{ coin: 'USDT', amount: '3000' }]);
    // The spot wallet is untouched.
    expect(platform.engine.balance(alice.id, 'USDT')!.available).toBe('9000');
  });

  it('two racing orders each borrow once, never twice, within the room left', async () => {
    // Two resting sells of 0.1 BTC race; the account holds 0.07984: the first borrows
    // 0.02016, the second (if the room left allows it) the whole 0.1.
    const sells = await Promise.all(
      [1, 2].map(() =>
        order(alice, {
          side: 'sell',
          type: 'limit',
          price: '60000',
          quantity: '0.1',
          margin: 'isolated',
          autoBorrow: true,
        }),
      ),
    );
    const ok = sells.filter((r) => r.status === 200).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    const account = await isolated(alice);
    const borrowedBtc = account.coins.find((c) => c.coin === 'BTC')!.borrowed;
    expect(borrowedBtc).toBe(ok === 1 ? '0.02016' : '0.12016');
    const open = (await get(alice, '/api/core/coin/entrust/marginOrders/btcusdt/open/1')).body.data;
    expect(open.total).toBe(ok);
  });
});

describe('repay on fill', () => {
  it('refuses the option on a spot order, with nothing changed', async () => {
    const res = await order(alice, {
      side: 'sell',
      type: 'limit',
      price: '70000',
      quantity: '0.01',
      autoRepay: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ field: 'autoRepay' });
  });

  it("repays the account's USDT loan from a resting sell's fill, interest first, once", async () => {
    // Whatever the race above left open is cancelled; alice still owes 3,000 USDT.
    const open = (await get(alice, '/api/core/coin/entrust/marginOrders/btcusdt/open/1')).body.data;
    for (const o of open.list as Array<{ id: string }>) {
      const cancelled = await post(alice, `/api/currency/order/cancelOrder?id=${o.id}`, {});
      expect(cancelled.status).toBe(200);
    }
    const before = await usdtOf(alice);
    expect(before.borrowed).toBe('3000');
    const sell = await order(alice, {
      side: 'sell',
      type: 'limit',
      price: '50000',
      quantity: '0.0798',
      margin: 'isolated',
      autoRepay: true,
    });
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    // bob (his own offer withdrawn) takes it: 3,990 USDT less the 0.1 % maker fee =
    // 3,986.01 comes in, 3,000 of it repays the loan.
    expect((await post(bob, '/api/currency/order/cancelAll', { symbol: 'btcusdt' })).status).toBe(
      200,
    );
    const take = await order(bob, {
      side: 'buy',
      type: 'limit',
      price: '50000',
      quantity: '0.0798',
      timeInForce: 'IOC',
    });
    expect(take.status, JSON.stringify(take.body)).toBe(200);
    await platform.margin.flushed();
    const after = await usdtOf(alice);
    expect(after).toMatchObject({ borrowed: '0', interest: '0' });
    expect(after.available).toBe('986.01');
    const repaid = (await get(alice, '/api/core/coin/entrust/borrowOrder/btcusdt/repay/1')).body
      .data;
    expect(repaid.records).toMatchObject([{ coin: 'USDT', amount: '3000' }]);
  });
});
