import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../src/app.ts';
import { call, trader, type Trader } from './accounts-helpers.ts';
import { signInOperator, type SignedInOperator } from './operator-helpers.ts';
import {
  financeUsdt,
  product,
  saver,
  signInAgain,
  startEarn,
  TestClock,
} from '../src/modules/earn/test/earn-helpers.ts';
import { earnOf } from '../src/modules/earn/index.ts';

// No demo capital: the USDT pool lends only what savings may (half of each product, the
// default share), until an operator funds it.
let platform: Platform;
let admin: SignedInOperator;
let finance: SignedInOperator;
let support: SignedInOperator;
let alice: Trader;
let saverA: Trader;
let orderId: string;
let productId: string;
let clock: TestClock;

const W = '/api/core/coin/wallet';
const U = 1_000_000n;

const post = (t: { headers: Record<string, string> }, path: string, body: unknown) =>
  call(platform.app, 'POST', path, body, t.headers);
const ops = (path: string, body?: unknown, who: SignedInOperator = finance) =>
  call(platform.app, body === undefined ? 'GET' : 'POST', path, body, who.headers);
const funds = async () => {
  const res = await call(platform.app, 'GET', '/api/margin/funds');
  return (res.body.data as Array<Record<string, string>>).find((p) => p.coin === 'USDT')!;
};
const borrowed = async () =>
  (await call(platform.app, 'GET', `${W}/fixed/marginProperty/btcusdt`, undefined, alice.headers))
    .body.data;

beforeAll(async () => {
  clock = new TestClock();
  platform = await startEarn(clock);
  admin = await signInOperator(platform, 'admin', { clock });
  finance = await signInOperator(platform, 'finance', { clock });
  support = await signInOperator(platform, 'support', { clock });
  const id = await product(platform, admin, {}, '1000');
  productId = id;
  saverA = await saver(platform, 'savings-a@example.org', '5000');
  const subscribed = await post(saverA, '/api/earn/subscribe', { productId: id, amount: '4000' });
  expect(subscribed.body.code, JSON.stringify(subscribed.body)).toBe(200);
  orderId = subscribed.body.data.id;
  alice = await trader(platform, 'savings-alice@example.org', { USDT: '1000' });
  const moved = await post(alice, `${W}/margin/transfer`, {
    direction: 'in',
    account: 'fixed',
    symbol: 'btcusdt',
    coin: 'USDT',
    amount: '1000',
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  await platform.engine.index([['btcusdt', 50_000n * U]]);
});
afterAll(async () => {
  await platform.app.close();
});

describe('margin lending from savings, over HTTP', () => {
  it('publishes what savings may lend, and lends it when the capital is gone', async () => {
    expect(await funds()).toMatchObject({
      lendable: '2000',
      savingsShare: '0.5',
      savingsLent: '0',
    });
    const tooMuch = await post(alice, `${W}/fixed/borrow`, {
      coin: 'USDT',
      symbol: 'btcusdt',
      amount: '2000.000001',
    });
    expect(tooMuch.body.data).toMatchObject({ reason: 'marginBorrowTooMuch' });
    const ok = await post(alice, `${W}/fixed/borrow`, {
      coin: 'USDT',
      symbol: 'btcusdt',
      amount: '1500',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await funds()).toMatchObject({ lendable: '500', savingsLent: '1500' });
  });

  it("keeps the saver's order open while its principal is lent, then pays it whole", async () => {
    const refused = await post(saverA, '/api/earn/redeem', { id: orderId });
    expect(refused.body).toMatchObject({ code: 409, data: { reason: 'earnSavingsLent' } });
    expect(refused.body.msg).toContain('lent to margin borrowers');
    expect(financeUsdt(platform, saverA.id)).toBe('1000');
    const list = await post(saverA, '/api/pledge/order/list', {});
    expect(list.body.data.records[0]).toMatchObject({ id: orderId, status: 'inProgress' });

    const repaid = await post(alice, `${W}/still/fixed`, {
      coin: 'USDT',
      symbol: 'btcusdt',
      amount: '1500',
    });
    expect(repaid.status, JSON.stringify(repaid.body)).toBe(200);
    expect(await funds()).toMatchObject({ savingsLent: '0', lendable: '2000' });
    const redeemed = await post(saverA, '/api/earn/redeem', { id: orderId });
    expect(redeemed.body.data).toMatchObject({ status: 'redeemed', redeemAmount: '3880' });
    expect(financeUsdt(platform, saverA.id)).toBe('4880');
    expect(await funds()).toMatchObject({ lendable: '0' });
  });
});

describe('operators tune margin lending', () => {
  it('shows the pools and pairs only to operators who may manage margin', async () => {
    expect((await ops('/api/ops/margin', undefined, support)).status).toBe(403);
    expect(
      (await call(platform.app, 'GET', '/api/ops/margin', undefined, alice.headers)).status,
    ).not.toBe(200);
    const settings = (await ops('/api/ops/margin')).body.data;
    expect(settings.maxSavingsShare).toBe('0.8');
    expect(settings.pools.find((p: { coin: string }) => p.coin === 'USDT')).toMatchObject({
      capital: '0',
      savingsShare: '0.5',
    });
    expect(settings.pairs).toContainEqual({ symbol: 'btcusdt', maxLeverage: 10 });
  });

  it('retunes a pool with an audit row, and refuses a bad share with nothing changed', async () => {
    const bad = await ops('/api/ops/margin/pools', {
      coin: 'USDT',
      dailyRate: '0.0001',
      savingsShare: '0.9',
    });
    expect(bad.body).toMatchObject({
      code: 400,
      data: { reason: 'marginSavingsShareTooHigh', field: 'savingsShare' },
    });
    expect(await funds()).toMatchObject({ savingsShare: '0.5', dailyRate: '0.00020016' });
    const junk = await ops('/api/ops/margin/pools', {
      coin: 'USDT',
      dailyRate: '1.5',
      savingsShare: '0.25',
    });
    expect(junk.status).toBe(400);

    const ok = await ops('/api/ops/margin/pools', {
      coin: 'USDT',
      dailyRate: '0.00024',
      savingsShare: '0.25',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await funds()).toMatchObject({
      savingsShare: '0.25',
      hourlyRate: '0.00001',
      dailyRate: '0.00024',
    });
    const audit = await ops('/api/ops/audit?action=margin.pool.update', undefined, admin);
    expect(JSON.stringify(audit.body.data)).toContain('margin.pool.update');
  });

  it('funds a pool once per reference, even when the same reference races', async () => {
    const body = { coin: 'USDT', amount: '1000', reference: 'capital-1' };
    const raced = await Promise.all([
      ops('/api/ops/margin/pools/fund', body),
      ops('/api/ops/margin/pools/fund', body),
      ops('/api/ops/margin/pools/fund', body),
    ]);
    expect(raced.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of raced.filter((x) => x.status !== 200)) {
      expect(r.body).toMatchObject({ code: 409 });
    }
    const settings = (await ops('/api/ops/margin')).body.data;
    expect(settings.pools.find((p: { coin: string }) => p.coin === 'USDT').capital).toBe('1000');
    const unknown = await ops('/api/ops/margin/pools/fund', {
      ...body,
      coin: 'NOPE',
      reference: 'x-1',
    });
    expect(unknown.body.data).toMatchObject({ reason: 'unknownCoin' });
    const zero = await ops('/api/ops/margin/pools/fund', {
      ...body,
      amount: '0',
      reference: 'x-2',
    });
    expect(zero.status).toBe(400);
  });

  it("lowers a pair's leverage for everyone above it", async () => {
    const before = await borrowed();
    expect(before.leverage).toBe(10);
    const ok = await ops('/api/ops/margin/pairs', { symbol: 'btcusdt', maxLeverage: 3 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await borrowed()).leverage).toBe(3);
    // The public rules read the same.
    const published = await call(platform.app, 'GET', '/api/margin/pairs');
    expect(published.body.data).toContainEqual({ symbol: 'btcusdt', maxLeverage: 3 });
    const bad = await ops('/api/ops/margin/pairs', { symbol: 'btcusdt', maxLeverage: 11 });
    expect(bad.status).toBe(400);
    const unknown = await ops('/api/ops/margin/pairs', { symbol: 'nopeusdt', maxLeverage: 3 });
    expect(unknown.body.data).toMatchObject({ reason: 'unknownMarket' });
  });
});

describe('a maturity while savings are lent', () => {
  it('waits for the borrower, then matures on the next run with the whole principal', async () => {
    // The pool now holds 1,000 of capital and lends a quarter of savings; alice may owe
    // 2,000 at the pair's new 3x.
    const saverB = await saver(platform, 'savings-b@example.org', '2000');
    const subscribed = await post(saverB, '/api/earn/subscribe', {
      productId,
      amount: '2000',
    });
    expect(subscribed.body.code, JSON.stringify(subscribed.body)).toBe(200);
    const ok = await post(alice, `${W}/fixed/borrow`, {
      coin: 'USDT',
      symbol: 'btcusdt',
      amount: '1500',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await funds()).toMatchObject({ savingsLent: '500', lendable: '0' });

    clock.toDay(30);
    await earnOf(platform.app).accrual.run();
    // A month on: both sign in again.
    const saverAgain = { headers: await signInAgain(platform, 'savings-b@example.org') };
    const aliceAgain = { headers: await signInAgain(platform, 'savings-alice@example.org') };
    const waiting = await post(saverAgain, '/api/pledge/order/list', {});
    expect(waiting.body.data.records[0]).toMatchObject({ status: 'inProgress', paidDays: 30 });
    expect(financeUsdt(platform, saverB.id)).toBe('72');

    const repaid = await post(aliceAgain, `${W}/still/fixed`, {
      coin: 'USDT',
      symbol: 'btcusdt',
      amount: '1500',
    });
    expect(repaid.status, JSON.stringify(repaid.body)).toBe(200);
    await earnOf(platform.app).accrual.run();
    const done = await post(saverAgain, '/api/pledge/order/list', {});
    expect(done.body.data.records[0]).toMatchObject({ status: 'completed', redeemAmount: '2000' });
    expect(financeUsdt(platform, saverB.id)).toBe('2072');
    expect(await funds()).toMatchObject({ savingsLent: '0' });
  });
});
