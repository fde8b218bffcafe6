import { MARGIN_INSURANCE, MARGIN_LENDING, systemAccount } from '@meridian/core';
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

// Five users (the sign-up code call allows five a minute). Market makers off: the books hold only what these tests place; the index ticks are
// journalled by the tests themselves, and the engine stamps its commands on the test clock.
let platform: Platform;
let clock: TestClock;
let alice: Trader;
let bob: Trader;
let carol: Trader;
let dave: Trader;
let frank: Trader;

const W = '/api/core/coin/wallet';
const HOUR = 3_600_000;
const U = 1_000_000n;

const get = (t: Trader, path: string) => call(platform.app, 'GET', path, undefined, t.headers);
const post = (t: Trader, path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(platform.app, 'POST', path, body, { ...t.headers, ...headers });
const cross = async (t: Trader) => (await get(t, `${W}/all/marginProperty`)).body.data;
const isolated = async (t: Trader, symbol = 'btcusdt') =>
  (await get(t, `${W}/fixed/marginProperty/${symbol}`)).body.data;
const coin = (account: { coins: Array<{ coin: string }> }, code: string) =>
  account.coins.find((c) => c.coin === code) as Record<string, string>;

async function moveIn(t: Trader, body: Record<string, unknown>) {
  const res = await post(t, `${W}/margin/transfer`, { direction: 'in', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function tick(market: string, price: bigint) {
  const ack = await platform.engine.index([[market, price * U]]);
  expect(ack.events.some((e) => e.type === 'rejected')).toBe(false);
}

const order = (t: Trader, body: Record<string, unknown>) =>
  post(t, '/api/currency/order/submit', { symbol: 'btcusdt', ...body });

const history = async (t: Trader, a: string, b: string, c = 1) =>
  (await get(t, `/api/core/coin/entrust/borrowOrder/${a}/${b}/${c}`)).body.data;

beforeAll(async () => {
  clock = new TestClock();
  platform = await buildPlatform(
    testConfig({ DEMO_MODE: 'true', MARKET_MAKERS: 'false', MARKET_TICK_MS: '60000' }),
    { logger: false, clock, engineClock: () => clock.now().getTime() },
  );
  await platform.app.ready();
  rememberPlatform(platform);
  alice = await trader(platform, 'margin-alice@example.org', { USDT: '10000' });
  bob = await trader(platform, 'margin-bob@example.org', { USDT: '10000', BTC: '1' });
  carol = await trader(platform, 'margin-carol@example.org', { USDT: '100000' });
  dave = await trader(platform, 'margin-dave@example.org', { USDT: '10000' });
  frank = await trader(platform, 'margin-frank@example.org', { USDT: '10000' });
  await tick('btcusdt', 50_000n);
  await tick('ethusdt', 3_000n);
});
afterAll(async () => {
  await platform.app.close();
});

describe('spot margin over HTTP', () => {
  it('publishes the pools, their rates and the demo lending pool', async () => {
    const rates = (await get(alice, `${W}/all/getDepositRate`)).body.data;
    // 0.02 %/day → 0.00000834 an hour (÷ 24, rounded up); daily and yearly from the hourly.
    expect(rates).toContainEqual({
      coin: 'USDT',
      hourlyRate: '0.00000834',
      dailyRate: '0.00020016',
      yearlyRate: '0.0730584',
    });
    const list = (await get(alice, `${W}/all/getCanborrowList`)).body.data;
    expect(list.find((c: { coin: string }) => c.coin === 'BTC')).toMatchObject({
      hourlyRate: '0.00000417',
      poolAvailable: '50',
      maxBorrow: '0',
    });
    // The same rates, the pools and the insurance funds, to anyone (no session).
    const funds = await call(platform.app, 'GET', '/api/margin/funds');
    expect(funds.status).toBe(200);
    expect(funds.body.data).toContainEqual({
      coin: 'BTC',
      hourlyRate: '0.00000417',
      dailyRate: '0.00010008',
      yearlyRate: '0.0365292',
      lendable: '50',
      // Half of each savings product may lend; nobody saves BTC yet, so none lends.
      savingsShare: '0.5',
      savingsLent: '0',
      insuranceFund: '0',
    });
  });

  it('borrows within the limit and refuses above it with nothing changed', async () => {
    await moveIn(alice, { account: 'fixed', symbol: 'btcusdt', coin: 'USDT', amount: '1000' });
    // 1,000 of equity at the pair's 10x: 9,000 may be borrowed.
    const can = await post(alice, `${W}/fixed/getCanborrow`, { coin: 'USDT', symbol: 'btcusdt' });
    expect(can.body.data).toMatchObject({ maxBorrow: '9000', borrowed: '0', interest: '0' });
    const before = await isolated(alice);
    const tooMuch = await post(alice, `${W}/fixed/borrow`, {
      coin: 'USDT',
      symbol: 'btcusdt',
      amount: '9000.000001',
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.data).toMatchObject({ reason: 'marginBorrowTooMuch', field: 'amount' });
    expect(tooMuch.body.msg).toContain('9000');
    expect(await isolated(alice)).toEqual(before);

    const key = { 'idempotency-key': 'alice-borrow-1' };
    const body = { coin: 'usdt', symbol: 'btcusdt', amount: '3000' };
    const [first, repeat] = [
      await post(alice, `${W}/fixed/borrow`, body, key),
      await post(alice, `${W}/fixed/borrow`, body, key),
    ];
    expect(first.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(first.body.data).toMatchObject({ coin: 'USDT', amount: '3000', borrowed: '3000' });
    const account = await isolated(alice);
    expect(coin(account, 'USDT')).toMatchObject({ available: '4000', borrowed: '3000' });
    expect(account).toMatchObject({
      totalAssets: '4000',
      totalDebt: '3000',
      marginLevel: '1.33333333',
      leverage: 10,
    });
    // Spot gave exactly the 1,000 moved in.
    expect(platform.engine.balance(alice.id, 'USDT')!.available).toBe('9000');
  });

  it('quotes a borrow without changing anything', async () => {
    const before = await isolated(alice);
    const quote = await post(alice, `${W}/fixed/preborrow`, {
      coin: 'USDT',
      symbol: 'btcusdt',
      amount: '1000',
    });
    expect(quote.body.data).toEqual({
      coin: 'USDT',
      amount: '1000',
      hourlyRate: '0.00000834',
      hourlyInterest: '0.00834',
      marginLevelBefore: '1.33333333',
      marginLevelAfter: '1.25',
    });
    expect(await isolated(alice)).toEqual(before);
  });

  it('lets only one of two racing borrows past the limit through', async () => {
    await moveIn(carol, { account: 'all', coin: 'USDT', amount: '1000' });
    // Cross is 3x: 2,000 may be borrowed; two of 1,500 at once cannot both be.
    const answers = await Promise.all([
      post(carol, `${W}/all/borrow`, { coin: 'USDT', amount: '1500' }),
      post(carol, `${W}/all/borrow`, { coin: 'USDT', amount: '1500' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(coin(await cross(carol), 'USDT')).toMatchObject({
      available: '2500',
      borrowed: '1500',
    });
  });

  it('keeps the cross account and the isolated account of a pair apart', async () => {
    await moveIn(bob, { account: 'all', coin: 'USDT', amount: '500' });
    await moveIn(bob, { account: 'fixed', symbol: 'btcusdt', coin: 'USDT', amount: '500' });
    const res = await post(bob, `${W}/fixed/borrow`, {
      coin: 'USDT',
      symbol: 'btcusdt',
      amount: '100',
    });
    expect(res.status).toBe(200);
    const all = await cross(bob);
    expect(coin(all, 'USDT')).toMatchObject({ available: '500', borrowed: '0' });
    expect(all).toMatchObject({ totalDebt: '0', marginLevel: null });
    expect(coin(await isolated(bob), 'USDT')).toMatchObject({
      available: '600',
      borrowed: '100',
    });
    expect((await history(bob, 'all', 'all')).total).toBe(0);
    expect((await history(bob, 'btcusdt', 'borrow')).records).toMatchObject([
      { account: 'btcusdt', kind: 'borrow', coin: 'USDT', amount: '100' },
    ]);
    // Cross owes nothing: money leaves it freely.
    const out = await post(bob, `${W}/margin/transfer`, {
      account: 'all',
      coin: 'USDT',
      amount: '100',
      direction: 'out',
    });
    expect(out.status).toBe(200);
    expect(coin(out.body.data.account, 'USDT').available).toBe('400');
  });

  it('buys on the isolated account: the coins land there, spot untouched', async () => {
    const sell = await order(bob, {
      side: 'sell',
      type: 'limit',
      price: '50000',
      quantity: '0.05',
    });
    expect(sell.status).toBe(200);
    const buy = await order(alice, {
      side: 'buy',
      type: 'limit',
      price: '50000',
      quantity: '0.05',
      timeInForce: 'IOC',
      margin: 'isolated',
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    expect(buy.body.data).toMatchObject({ status: 'filled' });
    const account = await isolated(alice);
    // 0.05 BTC less the 0.2 % taker fee; 2,500 USDT paid from the 4,000.
    expect(coin(account, 'BTC')).toMatchObject({ available: '0.0499', value: '2495' });
    expect(coin(account, 'USDT')).toMatchObject({ available: '1500', borrowed: '3000' });
    expect(platform.engine.balance(alice.id, 'BTC')!.available).toBe('0');
    expect(platform.engine.balance(alice.id, 'USDT')!.available).toBe('9000');
    // An isolated order in a pair not open to margin is refused.
    const other = await post(alice, '/api/currency/order/submit', {
      symbol: 'ethbtc',
      side: 'buy',
      type: 'limit',
      price: '0.05',
      quantity: '1',
      margin: 'isolated',
    });
    expect(other.status).toBe(400);
  });

  it('refuses moving money out below level 2', async () => {
    const before = await isolated(alice);
    const out = await post(alice, `${W}/margin/transfer`, {
      account: 'fixed',
      symbol: 'btcusdt',
      coin: 'USDT',
      amount: '1',
      direction: 'out',
    });
    expect(out.status).toBe(400);
    expect(out.body.data).toMatchObject({ reason: 'marginLevelTooLow', field: 'amount' });
    expect(await isolated(alice)).toEqual(before);
  });

  it('charges interest hourly over a day, once per hour after an outage, and takes repayments interest first', async () => {
    await platform.margin.interest.runDue();
    await moveIn(dave, { account: 'all', coin: 'USDT', amount: '1000' });
    expect((await post(dave, `${W}/all/borrow`, { coin: 'USDT', amount: '1000' })).status).toBe(
      200,
    );
    // 1,000 × 0.00000834 = 0.00834 an hour, 24 hours.
    for (let h = 0; h < 24; h += 1) {
      clock.advance(3600);
      await platform.margin.interest.runDue();
    }
    expect(coin(await cross(dave), 'USDT')).toMatchObject({
      borrowed: '1000',
      interest: '0.20016',
    });
    // Down five hours; then the job and a second submitter race for the same hour.
    clock.advance(5 * 3600);
    const hour = Math.floor(clock.now().getTime() / HOUR);
    const answers = await Promise.all([
      platform.engine.margin({ op: 'accrue', hour }),
      platform.engine.margin({ op: 'accrue', hour }),
      platform.margin.interest.runDue(),
    ]);
    // One charges; the other is refused as a repeat; the job finds nothing left to do.
    expect(answers[1]!.events).toMatchObject([{ type: 'rejected', reason: 'duplicate_reference' }]);
    expect(coin(await cross(dave), 'USDT').interest).toBe('0.24186');
    const charged = await history(dave, 'all', 'interest');
    expect(charged.total).toBe(25);
    expect(charged.records[0]).toMatchObject({ kind: 'interest', amount: '0.0417' });

    const part = await post(dave, `${W}/still/all`, { coin: 'USDT', amount: '0.1' });
    expect(part.body.data).toMatchObject({ amount: '0.1', borrowed: '1000', interest: '0.14186' });
    const full = await post(dave, `${W}/still/all`, { coin: 'USDT', amount: '5000' });
    expect(full.body.data).toMatchObject({ amount: '1000.14186', borrowed: '0', interest: '0' });
    const account = await cross(dave);
    expect(coin(account, 'USDT').available).toBe('999.75814');
    expect(account.marginLevel).toBeNull();
    const again = await post(dave, `${W}/still/all`, { coin: 'USDT', amount: '1' });
    expect(again.status).toBe(404);
    expect(again.body.data).toMatchObject({ reason: 'marginNoLoan' });
    expect(
      (await history(dave, 'all', 'repay')).records.map((r: { amount: string }) => r.amount),
    ).toEqual(['1000.14186', '0.1']);
  });

  it('liquidates when the index drops: sells into the book, the insurance fund pays the shortfall', async () => {
    const engine = platform.engine;
    await engine.adjust(
      systemAccount('operator_capital', 'USDT'),
      systemAccount(MARGIN_INSURANCE, 'USDT'),
      'USDT',
      '1000',
      'test-margin-insurance',
    );
    const lending = engine.accountBalance(systemAccount(MARGIN_LENDING, 'USDT'));
    await moveIn(frank, { account: 'fixed', symbol: 'btcusdt', coin: 'USDT', amount: '1000' });
    const lev = await post(frank, `${W}/fixed/updateLeverageRadio`, {
      symbol: 'btcusdt',
      leverage: 5,
    });
    expect(lev.body.data).toMatchObject({ leverage: 5, maxLeverage: 10 });
    expect(
      (await post(frank, `${W}/fixed/borrow`, { coin: 'USDT', symbol: 'btcusdt', amount: '4000' }))
        .status,
    ).toBe(200);
    await order(bob, { side: 'sell', type: 'limit', price: '50000', quantity: '0.1' });
    const buy = await order(frank, {
      side: 'buy',
      type: 'limit',
      price: '50000',
      quantity: '0.1',
      timeInForce: 'IOC',
      margin: 'isolated',
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    expect(coin(await isolated(frank), 'BTC').available).toBe('0.0998');
    // 0.0998 BTC at 40,000 = 3,992 against 4,000 owed: level 0.998, due. With no bid in
    // the book nothing is sold, and the close-out waits rather than the fund paying.
    await tick('btcusdt', 40_000n);
    await platform.margin.liquidation.runDue();
    expect(coin(await isolated(frank), 'BTC').available).toBe('0.0998');
    expect(coin(await isolated(frank), 'USDT').borrowed).toBe('4000');
    expect(engine.accountBalance(systemAccount(MARGIN_INSURANCE, 'USDT'))).toBe(1_000_000_000n);
    // Carol bids 38,500, inside the 5 % band below 40,000.
    await order(carol, { side: 'buy', type: 'limit', price: '38500', quantity: '0.1' });
    await platform.margin.liquidation.runDue();
    // 0.0998 sold at 38,500 = 3,842.3, less the 0.2 % taker fee 7.6846: 3,834.6154 repaid;
    // the fund pays the 165.3846 left.
    const account = await isolated(frank);
    expect(coin(account, 'USDT')).toMatchObject({ available: '0', borrowed: '0', interest: '0' });
    expect(coin(account, 'BTC').available).toBe('0');
    expect(account.marginLevel).toBeNull();
    await platform.margin.flushed();
    expect((await history(frank, 'btcusdt', 'liquidation')).records).toMatchObject([
      { coin: 'USDT', amount: '3834.6154', insurance: '165.3846', left: '0' },
    ]);
    expect(engine.accountBalance(systemAccount(MARGIN_INSURANCE, 'USDT'))).toBe(834_615_400n);
    expect(engine.accountBalance(systemAccount(MARGIN_LENDING, 'USDT'))).toBe(lending);
    expect(engine.marginState.borrowers().some((b) => b.user === frank.id)).toBe(false);
    // Others near the line are not touched: alice is above 1.1.
    expect(coin(await isolated(alice), 'USDT').borrowed).toBe('3000');
  });

  it("never shows or touches another user's loans and history", async () => {
    const mine = await isolated(dave);
    expect(mine).toMatchObject({ totalDebt: '0', marginLevel: null });
    expect(coin(mine, 'USDT').borrowed).toBe('0');
    expect((await history(dave, 'btcusdt', 'all')).total).toBe(0);
    const repay = await post(dave, `${W}/still/fixed`, {
      coin: 'USDT',
      symbol: 'btcusdt',
      amount: '1',
    });
    expect(repay.status).toBe(404);
    expect(coin(await isolated(alice), 'USDT').borrowed).toBe('3000');
    const unauthenticated = await call(platform.app, 'GET', `${W}/all/marginProperty`);
    expect(unauthenticated.status).toBe(401);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: Array<[string, unknown, string]> = [
      [`${W}/all/borrow`, { amount: '1' }, 'body.coin'],
      [`${W}/all/borrow`, { coin: 'USDT', amount: 'abc' }, 'amount'],
      [`${W}/all/borrow`, { coin: 'USDT', amount: '-1' }, 'amount'],
      [`${W}/all/borrow`, { coin: 'USDT', amount: '0' }, 'amount'],
      [`${W}/all/borrow`, { coin: 'USDT', amount: '1.0000001' }, 'amount'],
      [`${W}/all/borrow`, { coin: 'NOPE', amount: '1' }, 'coin'],
      [`${W}/fixed/borrow`, { coin: 'USDT', amount: '1' }, 'body.symbol'],
      [`${W}/fixed/borrow`, { coin: 'USDT', amount: '1', symbol: 'ethbtc' }, 'symbol'],
      [`${W}/fixed/borrow`, { coin: 'ETH', amount: '1', symbol: 'btcusdt' }, 'coin'],
      [`${W}/fixed/updateLeverageRadio`, { symbol: 'btcusdt', leverage: 11 }, 'body.leverage'],
      [`${W}/all/preborrow`, { coin: 'USDT', amount: '1', extra: 1 }, 'body'],
      [
        `${W}/margin/transfer`,
        { account: 'fixed', coin: 'USDT', amount: '1', direction: 'in' },
        'symbol',
      ],
      [
        `${W}/margin/transfer`,
        { account: 'all', coin: 'USDT', amount: '1', direction: 'sideways' },
        'body.direction',
      ],
    ];
    for (const [path, body, field] of cases) {
      const res = await post(dave, path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(String(res.body.data.field), `${path} ${JSON.stringify(body)}`).toContain(field);
    }
    const page = await get(dave, '/api/core/coin/entrust/borrowOrder/all/sideways/1');
    expect(page.status).toBe(400);
    expect(coin(await cross(dave), 'USDT').borrowed).toBe('0');
  });
});
