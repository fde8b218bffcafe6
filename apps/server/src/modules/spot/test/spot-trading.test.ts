import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Platform } from '../../../app.ts';
import { call, startAccounts } from '../../../../test/accounts-helpers.ts';
import { api, submit, systemBalance, trader, wallet, type Trader } from './spot-helpers.ts';

// Market makers off: the books hold only what these tests place, so every fill is known.
let platform: Platform;
let a: Trader;
let b: Trader;

beforeAll(async () => {
  platform = (await startAccounts({ MARKET_MAKERS: 'false' })).platform;
  a = await trader(platform, 'spot-a@example.org', { USDT: '100000', BTC: '10' });
  b = await trader(platform, 'spot-b@example.org', { USDT: '100000' });
});
afterAll(async () => {
  await platform.app.close();
});

// The query tables follow the engine's acknowledgements; read them once they caught up.
const orderCount = async () => {
  await platform.engine.projected();
  const row = await platform.database.db
    .selectFrom('trade_orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

describe('two users crossing orders', () => {
  it('fills, charges maker and taker fees on what each receives, and funds the security fund', async () => {
    const fundUsdt = await systemBalance(platform, 's:security_fund:USDT');
    const fundBtc = await systemBalance(platform, 's:security_fund:BTC');
    const publish = vi.spyOn(platform.broker, 'publishUserRefresh');

    const sell = await submit(platform, a, {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '60000',
      quantity: '0.5',
    });
    expect(sell.status).toBe(200);
    expect(sell.body.data).toMatchObject({
      status: 'waiting',
      filledQuantity: '0',
      entrustedValue: '30000',
    });
    expect(await wallet(platform, a)).toMatchObject({
      base: { available: '9.5', held: '0.5' },
      quote: { available: '100000', held: '0' },
    });

    const buy = await submit(platform, b, {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '60000',
      quantity: '0.3',
    });
    expect(buy.status).toBe(200);
    expect(buy.body.data).toMatchObject({
      status: 'filled',
      filledQuantity: '0.3',
      filledValue: '18000',
      averagePrice: '60000',
      fee: '0.0006', // taker 0.20% of 0.3 BTC received
      feeCoin: 'BTC',
    });

    const maker = await call(
      platform.app,
      'GET',
      api(`/api/{head}/coin/entrust/transaction/details/${sell.body.data.id}`),
      undefined,
      a.headers,
    );
    expect(maker.body.data).toEqual([
      expect.objectContaining({
        role: 'maker',
        price: '60000',
        quantity: '0.3',
        value: '18000',
        fee: '18',
        feeCoin: 'USDT',
      }),
    ]);
    expect(await wallet(platform, a)).toMatchObject({
      base: { available: '9.5', held: '0.2' },
      quote: { available: '117982', held: '0' },
    });
    expect(await wallet(platform, b)).toMatchObject({
      base: { available: '0.2994', held: '0' },
      quote: { available: '82000', held: '0' },
    });
    // 10% of each fee goes to the asset's security fund.
    expect(await systemBalance(platform, 's:security_fund:USDT')).toBe(add(fundUsdt, '1.8'));
    expect(await systemBalance(platform, 's:security_fund:BTC')).toBe(add(fundBtc, '0.00006'));
    const ledger = await platform.database.db
      .selectFrom('ledger_balances')
      .select(['account', 'balance'])
      .where('user_id', '=', b.id)
      .where('account', 'like', '%BTC')
      .execute();
    expect(ledger.find((r) => r.account.includes(':a:'))?.balance).toBe('0.2994');

    // Each user hears about their own order, fill and balances only.
    const to = (user: string) => publish.mock.calls.filter(([u]) => u === user).map(([, p]) => p);
    expect(to(b.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'order', event: 'accepted', orderId: buy.body.data.id }),
        expect.objectContaining({ type: 'fill', role: 'taker', quantity: '0.3', price: '60000' }),
        expect.objectContaining({ type: 'balance', coin: 'BTC', available: '0.2994' }),
      ]),
    );
    expect(to(a.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'fill', role: 'maker' })]),
    );
    expect(to(a.id)).not.toContainEqual(
      expect.objectContaining({ type: 'order', orderId: buy.body.data.id }),
    );
    publish.mockRestore();

    // The partially filled sell shows as such, and cancelling it returns the hold exactly.
    const listed = await call(
      platform.app,
      'GET',
      api('/api/{head}/coin/entrust/entrustlog/btcusdt/open/1'),
      undefined,
      a.headers,
    );
    expect(listed.body.data.list[0]).toMatchObject({
      id: sell.body.data.id,
      status: 'partial',
      filledQuantity: '0.3',
    });
    const cancelled = await call(
      platform.app,
      'POST',
      `/api/currency/order/cancelOrder?id=${sell.body.data.id}`,
      undefined,
      a.headers,
    );
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', filledQuantity: '0.3' });
    expect(await wallet(platform, a)).toMatchObject({ base: { available: '9.7', held: '0' } });
  });

  it('triggers a stop-limit order on the last price', async () => {
    const stop = await submit(platform, b, {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'stop_limit',
      price: '61500',
      quantity: '0.1',
      triggerPrice: '61000',
    });
    expect(stop.status).toBe(200);
    expect(stop.body.data).toMatchObject({
      status: 'waiting',
      triggered: false,
      triggerPrice: '61000',
    });
    expect((await wallet(platform, b)).quote).toMatchObject({ available: '75850', held: '6150' });

    await submit(platform, a, {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '61000',
      quantity: '0.11',
    });
    // Nothing has traded at 61000 yet: the stop still waits.
    expect((await orderOf(b, stop.body.data.id)).triggered).toBe(false);
    const lift = await submit(platform, b, {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '61000',
      quantity: '0.01',
    });
    expect(lift.body.data.status).toBe('filled');
    const after = await orderOf(b, stop.body.data.id);
    expect(after).toMatchObject({
      triggered: true,
      status: 'filled',
      filledQuantity: '0.1',
      averagePrice: '61000',
    });
    // Bought below its limit: the unused part of the hold came back.
    expect((await wallet(platform, b)).quote).toMatchObject({ held: '0', available: '75290' });
  });

  it('answers a market order with no liquidity with a 400 and changes nothing', async () => {
    const before = await wallet(platform, b);
    const res = await submit(platform, b, {
      symbol: 'ethusdt',
      side: 'buy',
      type: 'market',
      quoteAmount: '100',
    });
    expect(res.status).toBe(400);
    expect(await wallet(platform, b)).toEqual(before);
  });
});

async function orderOf(t: Trader, id: string) {
  const page = await call(
    platform.app,
    'POST',
    '/api/order/list',
    { status: 'all', size: 100 },
    t.headers,
  );
  return page.body.data.list.find((o: { id: string }) => o.id === id);
}

/** Adds two decimal strings exactly (8 decimals is enough for these assertions). */
function add(x: string, y: string): string {
  const scale = 10n ** 8n;
  const units = (s: string) => {
    const [i, f = ''] = s.split('.');
    return BigInt(i!) * scale + BigInt((f + '00000000').slice(0, 8));
  };
  const sum = units(x) + units(y);
  const frac = (sum % scale).toString().padStart(8, '0').replace(/0+$/, '');
  return `${sum / scale}${frac ? `.${frac}` : ''}`;
}

describe('both families, one book', () => {
  it('lists and cancels through the newer family an order placed through the older', async () => {
    const placed = await submit(platform, a, {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '70000',
      quantity: '0.01',
    });
    const log = await call(
      platform.app,
      'POST',
      api('/api/{head}/coin/entrust/getEntrustLogCurrency'),
      { symbol: 'btcusdt', status: 'open' },
      a.headers,
    );
    expect(log.body.data.list.map((o: { id: string }) => o.id)).toContain(placed.body.data.id);
    const cancel = await call(
      platform.app,
      'POST',
      api('/api/{head}/coin/entrust/cancel/entrust'),
      { id: placed.body.data.id },
      a.headers,
    );
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.status).toBe('cancelled');
  });

  it('lists and cancels through the older family an order placed through the newer', async () => {
    const placed = await call(
      platform.app,
      'POST',
      api('/api/{head}/coin/entrust/exchange/btcusdt'),
      { side: 'buy', type: 'limit', price: '50000', quantity: '0.01' },
      b.headers,
    );
    expect(placed.status).toBe(200);
    const list = await call(
      platform.app,
      'POST',
      '/api/currency/order/orderList',
      { symbol: 'btcusdt', status: 'open', page: 1, size: 10 },
      b.headers,
    );
    expect(list.body.data.list.map((o: { id: string }) => o.id)).toContain(placed.body.data.id);
    const cancel = await call(
      platform.app,
      'POST',
      `/api/currency/order/cancelOrder?id=${placed.body.data.id}`,
      undefined,
      b.headers,
    );
    expect(cancel.body.data.status).toBe('cancelled');
    expect((await wallet(platform, b)).quote.held).toBe('0');
  });
});

describe("another user's orders", () => {
  it('are neither visible nor cancellable: 404 and nothing changes', async () => {
    const placed = await submit(platform, a, {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '80000',
      quantity: '0.01',
    });
    const id: string = placed.body.data.id;
    const before = await wallet(platform, a);
    const attempts = [
      call(
        platform.app,
        'GET',
        api(`/api/{head}/coin/entrust/transaction/details/${id}`),
        undefined,
        b.headers,
      ),
      call(platform.app, 'POST', `/api/currency/order/cancelOrder?id=${id}`, undefined, b.headers),
      call(platform.app, 'POST', api('/api/{head}/coin/entrust/cancel/entrust'), { id }, b.headers),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    const mine = await call(
      platform.app,
      'POST',
      '/api/order/list',
      { status: 'all', size: 100 },
      b.headers,
    );
    expect(mine.body.data.list.map((o: { id: string }) => o.id)).not.toContain(id);
    expect(await wallet(platform, a)).toEqual(before);
    expect((await orderOf(a, id)).status).toBe('waiting');
  });
});

describe('bad input', () => {
  const base = { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '60000', quantity: '0.01' };
  const cases: Array<[string, unknown]> = [
    ['zero quantity', { ...base, quantity: '0' }],
    ['zero price', { ...base, price: '0' }],
    ['negative quantity', { ...base, quantity: '-0.01' }],
    ['negative price', { ...base, price: '-60000' }],
    ['off-tick price', { ...base, price: '60000.001' }],
    ['off-lot quantity', { ...base, quantity: '0.00001' }],
    ['too many decimals', { ...base, quantity: '0.000000001' }],
    ['unknown symbol', { ...base, symbol: 'zzzusdt' }],
    ['insufficient balance', { ...base, quantity: '100' }],
    ['below minimum notional', { ...base, quantity: '0.0001', price: '100' }],
    ['missing price', { symbol: 'btcusdt', side: 'buy', type: 'limit', quantity: '0.01' }],
    ['missing quantity', { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '60000' }],
    ['missing symbol', { side: 'buy', type: 'limit', price: '60000', quantity: '0.01' }],
    ['missing trigger price', { ...base, type: 'stop_limit' }],
    ['missing side', { symbol: 'btcusdt', type: 'limit', price: '60000', quantity: '0.01' }],
    ['number where a string belongs', { ...base, price: 60000 }],
    ['string where a number belongs', { status: 'open', page: 'one' }],
    ['exponent', { ...base, quantity: '1e-2' }],
    ['unknown side', { ...base, side: 'hold' }],
    ['price on a market order', { ...base, type: 'market' }],
    [
      'quote amount on a sell',
      { symbol: 'btcusdt', side: 'sell', type: 'market', quoteAmount: '10' },
    ],
  ];

  it.each(cases)('%s answers 400 and changes nothing', async (_name, body) => {
    const before = [await wallet(platform, b), await orderCount()];
    const res = await submit(platform, b, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect([await wallet(platform, b), await orderCount()]).toEqual(before);
  });

  it('names the field in the caller language', async () => {
    const res = await submit(
      platform,
      b,
      { ...base, price: '60000.001' },
      { 'accept-language': 'de' },
    );
    expect(res.body.msg).toBe('price muss ein Vielfaches der Preisstufe sein');
    expect(res.body.data).toEqual({ reason: 'offTick', field: 'price' });
    const poor = await submit(platform, b, { ...base, quantity: '100' });
    expect(poor.body.msg).toBe('Insufficient balance for USDT');
  });
});

describe('cancelling what is no longer open', () => {
  it('answers 400 and changes nothing', async () => {
    const orders = await call(
      platform.app,
      'POST',
      '/api/order/list',
      { status: 'history' },
      b.headers,
    );
    const done = orders.body.data.list.find((o: { status: string }) => o.status === 'filled');
    const before = await wallet(platform, b);
    const res = await call(
      platform.app,
      'POST',
      api('/api/{head}/coin/entrust/cancel/entrust'),
      { id: done.id },
      b.headers,
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('This order is no longer open');
    expect(await wallet(platform, b)).toEqual(before);
  });
});

describe('Idempotency-Key', () => {
  it('places one order when two requests with one key race', async () => {
    const body = {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '41000',
      quantity: '0.01',
    };
    const key = { 'idempotency-key': 'race-1' };
    const count = await orderCount();
    const answers = await Promise.all([
      submit(platform, b, body, key),
      submit(platform, b, body, key),
    ]);
    // The loser either sees the first answer or is told the first is still running.
    expect(answers.map((r) => r.status).sort()).toEqual(
      answers.some((r) => r.status === 409) ? [200, 409] : [200, 200],
    );
    expect(await orderCount()).toBe(count + 1);
    const id = answers.find((r) => r.status === 200)!.body.data.id;
    await call(
      platform.app,
      'POST',
      `/api/currency/order/cancelOrder?id=${id}`,
      undefined,
      b.headers,
    );
  });

  it('replays the first answer and places nothing new; keys are per user', async () => {
    const body = {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '40000',
      quantity: '0.01',
    };
    const key = { 'idempotency-key': 'order-42' };
    const count = await orderCount();
    const first = await submit(platform, b, body, key);
    const again = await submit(platform, b, body, key);
    expect(first.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await orderCount()).toBe(count + 1);
    expect((await wallet(platform, b)).quote.held).toBe('400');

    const other = await submit(platform, a, { ...body, side: 'sell', price: '90000' }, key);
    expect(other.status).toBe(200);
    expect(other.body.data.id).not.toBe(first.body.data.id);
    expect(await orderCount()).toBe(count + 2);

    const cancelKey = { 'idempotency-key': 'cancel-42' };
    const url = `/api/currency/order/cancelOrder?id=${first.body.data.id}`;
    const c1 = await call(platform.app, 'POST', url, undefined, { ...b.headers, ...cancelKey });
    const c2 = await call(platform.app, 'POST', url, undefined, { ...b.headers, ...cancelKey });
    expect(c2.status).toBe(200);
    expect(c2.body.data).toEqual(c1.body.data);
    // The key already placed an order: it cannot be reused to cancel one.
    const reuse = await call(platform.app, 'POST', url, undefined, { ...b.headers, ...key });
    expect(reuse.status).toBe(409);
  });
});
