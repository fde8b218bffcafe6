import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolAccount, systemAccount } from '@meridian/core';
import type { Platform } from '../../../app.ts';
import {
  call,
  startAccounts,
  trader,
  type TestClock,
  type Trader,
} from '../../../../test/accounts-helpers.ts';
import { signInOperator } from '../../../../test/operator-helpers.ts';
import { available, exchange, ledgerViolations, quote, setIndex } from './swap-helpers.ts';

// Market makers off and a slow feed: the index is what these tests journal.
let platform: Platform;
let clock: TestClock;
let a: Trader;
let b: Trader;
let p: Trader;

const pool = (coin: string) => platform.engine.accountBalance(poolAccount('swap', coin));
const fund = (coin: string) => platform.engine.accountBalance(systemAccount('security_fund', coin));
const revenue = (coin: string) =>
  platform.engine.accountBalance(systemAccount('fee_revenue', coin));

beforeAll(async () => {
  ({ platform, clock } = await startAccounts({ MARKET_MAKERS: 'false', MARKET_TICK_MS: '60000' }));
  a = await trader(platform, 'swap-a@example.org', { BTC: '0.5', USDT: '100' });
  b = await trader(platform, 'swap-b@example.org', { USDT: '50' });
  p = await trader(platform, 'swap-parallel@example.org', { BTC: '0.05' });
});
afterAll(async () => {
  await platform.app.close();
});

describe('instant swap', () => {
  it('quotes at the index with the published spread and fee, and settles exactly that', async () => {
    await setIndex(platform, { btcusdt: '97000' });
    const before = {
      pool: pool('USDT'),
      btcPool: pool('BTC'),
      fund: fund('USDT'),
      rev: revenue('USDT'),
    };
    const q = await quote(platform, a, { from: 'btc', to: 'usdt', quantity: '0.01' });
    expect(q.status).toBe(200);
    expect(q.body.data).toMatchObject({
      from: 'BTC',
      to: 'USDT',
      quantity: '0.01',
      rate: '96515',
      gross: '965.15',
      fee: '0.96515',
      net: '964.18485',
      spreadBps: 50,
      feeBps: 10,
      prices: [
        { coin: 'BTC', price: '97000' },
        { coin: 'USDT', price: '1', time: null },
      ],
    });
    expect(q.body.data.prices[0].time).toBeTypeOf('number');
    expect(q.body.data.expiresAt - q.body.data.createdAt).toBe(10_000);
    // A quote moves no money.
    expect(available(platform, a, 'BTC')).toBe('0.5');

    const res = await exchange(platform, a, q.body.data.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: q.body.data.id,
      quantity: '0.01',
      net: '964.18485',
      balances: [
        { coin: 'BTC', available: '0.49' },
        { coin: 'USDT', available: '1064.18485' },
      ],
    });
    expect(pool('BTC') - before.btcPool).toBe(1_000_000n);
    expect(before.pool - pool('USDT')).toBe(965_150_000n);
    expect(fund('USDT') - before.fund).toBe(96_515n);
    expect(revenue('USDT') - before.rev).toBe(868_635n);
    expect(await ledgerViolations(platform)).toEqual([]);

    // Its bills: the BTC given, the USDT received, the fee in two parts.
    const bills = await call(
      platform.app,
      'POST',
      '/api/core/coin/assets/getMyBill',
      { size: 10 },
      a.headers,
    );
    const mine = bills.body.data.list
      .filter((r: { reference: string }) => r.reference === `swap:swap:${q.body.data.id}`)
      .map((r: { reason: string; coin: string; amount: string }) => [r.reason, r.coin, r.amount]);
    expect(mine).toEqual(
      expect.arrayContaining([
        ['swap', 'BTC', '-0.01'],
        ['swap', 'USDT', '965.15'],
        ['security_fund', 'USDT', '-0.096515'],
        ['fee', 'USDT', '-0.868635'],
      ]),
    );
    expect(mine).toHaveLength(4);

    const log = await call(platform.app, 'POST', '/api/texchange/getSwapLog', {}, a.headers);
    expect(log.body.data).toMatchObject({
      total: 1,
      records: [{ id: q.body.data.id, net: '964.18485' }],
    });
  });

  it('one Idempotency-Key, or one quote sent twice, swaps once', async () => {
    await setIndex(platform, { btcusdt: '97000' });
    const q = await quote(platform, a, { from: 'USDT', to: 'BTC', quantity: '100' });
    expect(q.body.data).toMatchObject({
      gross: '0.00102577',
      fee: '0.00000102',
      net: '0.00102475',
    });
    const btc = available(platform, a, 'BTC');
    const key = { 'idempotency-key': 'swap-key-1' };
    const first = await exchange(platform, a, q.body.data.id, key);
    const again = await exchange(platform, a, q.body.data.id, key);
    const sameQuote = await exchange(platform, a, q.body.data.id);
    expect(first.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(sameQuote.body.data.id).toBe(first.body.data.id);
    expect(available(platform, a, 'BTC')).toBe('0.49102475');
    expect(btc).toBe('0.49');
    // The answer lost with its key (a crash): the quote says what happened.
    await platform.database.db.deleteFrom('idempotency_keys').execute();
    const late = await exchange(platform, a, q.body.data.id, key);
    expect(late.body.data.id).toBe(q.body.data.id);
    expect(available(platform, a, 'BTC')).toBe('0.49102475');
  });

  it('refuses an expired quote with its message, never re-pricing it, and nothing changes', async () => {
    await setIndex(platform, { btcusdt: '97000' });
    const q = await quote(platform, a, { from: 'BTC', to: 'USDT', quantity: '0.001' });
    clock.advance(10);
    await setIndex(platform, { btcusdt: '120000' });
    const usdt = available(platform, a, 'USDT');
    const res = await exchange(platform, a, q.body.data.id);
    expect([res.status, res.body.data?.reason]).toEqual([400, 'swapQuoteExpired']);
    expect(res.body.msg).toBe('This quote expired: nothing was swapped. Ask for a new quote');
    expect(available(platform, a, 'USDT')).toBe(usdt);
    // A fresh quote shows the new index.
    const fresh = await quote(platform, a, { from: 'BTC', to: 'USDT', quantity: '0.001' });
    expect(fresh.body.data.prices[0].price).toBe('120000');
  });

  it('refuses every bad input with its reason and field, changing nothing', async () => {
    await setIndex(platform, { btcusdt: '97000' });
    const cases: Array<[Record<string, unknown>, number, string, string | undefined]> = [
      [{ from: 'BTC', to: 'BTC', quantity: '1' }, 400, 'swapSameCoin', 'to'],
      [{ from: 'NOPE', to: 'USDT', quantity: '1' }, 400, 'unknownCoin', 'from'],
      [{ from: 'BTC', to: 'NOPE', quantity: '1' }, 400, 'unknownCoin', 'to'],
      [{ from: 'BTC', to: 'USDT', quantity: 'abc' }, 400, 'invalidNumber', 'quantity'],
      [{ from: 'BTC', to: 'USDT', quantity: '-1' }, 400, 'negativeAmount', 'quantity'],
      [{ from: 'BTC', to: 'USDT', quantity: '0' }, 400, 'zeroAmount', 'quantity'],
      [{ from: 'BTC', to: 'USDT', quantity: '0.000000001' }, 400, 'tooManyDecimals', 'quantity'],
      [{ from: 'BTC', to: 'USDT', quantity: '1e3' }, 400, 'invalidNumber', 'quantity'],
      [{ from: 'USDT', to: 'BTC', quantity: '0.000001' }, 400, 'swapTooSmall', 'quantity'],
      [{ from: 'BTC', to: 'USDT', quantity: '100' }, 400, 'swapLiquidityInsufficient', 'quantity'],
    ];
    const quotes = await platform.database.db
      .selectFrom('swap_quotes' as never)
      .selectAll()
      .execute();
    for (const [body, status, reason, field] of cases) {
      const res = await quote(platform, a, body);
      expect(
        [res.status, res.body.data?.reason, res.body.data?.field],
        JSON.stringify(body),
      ).toEqual([status, reason, field]);
    }
    const bad = await quote(platform, a, { from: 'BTC', to: 'USDT' });
    expect(bad.status).toBe(400);
    const after = await platform.database.db
      .selectFrom('swap_quotes' as never)
      .selectAll()
      .execute();
    expect(after.length).toBe(quotes.length);

    // More than the balance: quoted (the page says so), refused at the swap, nothing moved.
    const big = await quote(platform, b, { from: 'USDT', to: 'BTC', quantity: '60' });
    expect(big.status).toBe(200);
    const refused = await exchange(platform, b, big.body.data.id);
    expect([refused.status, refused.body.data.reason]).toEqual([400, 'insufficientBalance']);
    expect(available(platform, b, 'USDT')).toBe('50');
    const reused = await exchange(platform, b, big.body.data.id);
    expect([reused.status, reused.body.data.reason]).toEqual([409, 'swapQuoteUsed']);
    for (const body of [
      {},
      { quoteId: '' },
      { quoteId: 'x'.repeat(65) },
      { quoteId: big.body.data.id, rate: '1' },
    ]) {
      const bad = await call(
        platform.app,
        'POST',
        '/api/texchange/currencyExchange',
        body,
        b.headers,
      );
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const anonymous = await call(platform.app, 'POST', '/api/texchange/currencyExchange', {
      quoteId: big.body.data.id,
    });
    expect(anonymous.status).toBe(401);
    const unknown = await exchange(platform, b, 'no-such-quote');
    expect([unknown.status, unknown.body.data.reason]).toEqual([404, 'swapQuoteNotFound']);
    expect(available(platform, b, 'USDT')).toBe('50');
    expect(await ledgerViolations(platform)).toEqual([]);
  });

  it("never shows or takes another user's quote or swaps", async () => {
    await setIndex(platform, { btcusdt: '97000' });
    const q = await quote(platform, a, { from: 'USDT', to: 'BTC', quantity: '10' });
    const usdt = available(platform, a, 'USDT');
    const stolen = await exchange(platform, b, q.body.data.id);
    expect([stolen.status, stolen.body.data.reason]).toEqual([404, 'swapQuoteNotFound']);
    expect(available(platform, a, 'USDT')).toBe(usdt);
    expect(available(platform, b, 'USDT')).toBe('50');
    const log = await call(platform.app, 'POST', '/api/texchange/getSwapLog', {}, b.headers);
    expect(log.body.data).toMatchObject({ total: 0, records: [] });
    // The owner can still take it.
    expect((await exchange(platform, a, q.body.data.id)).status).toBe(200);
  });

  it('parallel swaps that would overdraw together: only the covered ones go through', async () => {
    await setIndex(platform, { btcusdt: '97000' });
    const quotes = await Promise.all(
      Array.from({ length: 8 }, () =>
        quote(platform, p, { from: 'BTC', to: 'USDT', quantity: '0.01' }),
      ),
    );
    const results = await Promise.all(quotes.map((q) => exchange(platform, p, q.body.data.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.body.data?.reason === 'insufficientBalance')).toHaveLength(3);
    expect(available(platform, p, 'BTC')).toBe('0');
    expect(available(platform, p, 'USDT')).toBe('4820.92425');
    expect(await ledgerViolations(platform)).toEqual([]);
  });

  it('operators publish terms and move capital into and out of a pool, audited', async () => {
    const support = await signInOperator(platform, 'support', { clock });
    const denied = await call(platform.app, 'GET', '/api/ops/swap', undefined, support.headers);
    expect(denied.status).toBe(403);

    const finance = await signInOperator(platform, 'finance', { clock });
    const view = await call(platform.app, 'GET', '/api/ops/swap', undefined, finance.headers);
    expect(view.body.data.terms).toMatchObject({ spreadBps: 50, feeBps: 10 });
    expect(view.body.data.pools.find((x: { coin: string }) => x.coin === 'ETH').balance).toBe(
      '1000',
    );

    const set = await call(
      platform.app,
      'POST',
      '/api/ops/swap/terms',
      { spreadBps: 30, feeBps: 5 },
      finance.headers,
    );
    expect(set.body.data.terms).toMatchObject({ spreadBps: 30, feeBps: 5 });
    const tooHigh = await call(
      platform.app,
      'POST',
      '/api/ops/swap/terms',
      { spreadBps: 501, feeBps: 5 },
      finance.headers,
    );
    expect(tooHigh.status).toBe(400);
    await setIndex(platform, { btcusdt: '100000' });
    const q = await quote(platform, a, { from: 'BTC', to: 'USDT', quantity: '0.01' });
    // 0.01 × 100000 × 0.997 = 997; fee 0.05 % = 0.4985.
    expect(q.body.data).toMatchObject({ gross: '997', fee: '0.4985', spreadBps: 30, feeBps: 5 });

    const out = await call(
      platform.app,
      'POST',
      '/api/ops/swap/pools',
      { coin: 'ETH', direction: 'out', amount: '400', reason: 'rebalance to BTC' },
      finance.headers,
    );
    expect(out.status).toBe(200);
    expect(pool('ETH')).toBe(600n * 10n ** 8n);
    const tooMuch = await call(
      platform.app,
      'POST',
      '/api/ops/swap/pools',
      { coin: 'ETH', direction: 'out', amount: '600.00000001', reason: 'too much' },
      finance.headers,
    );
    expect([tooMuch.status, tooMuch.body.data.reason]).toEqual([400, 'swapPoolShort']);
    expect(pool('ETH')).toBe(600n * 10n ** 8n);

    const audit = await platform.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'reason'])
      .where('action', 'like', 'swap.%')
      .execute();
    expect(audit).toEqual([
      { action: 'swap.terms', target_id: 'default', reason: null },
      { action: 'swap.pool.out', target_id: 'ETH', reason: 'rebalance to BTC' },
    ]);
    expect(await ledgerViolations(platform)).toEqual([]);
  });
});
