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
  a = await trader(platform, 'mass-quote-a@example.org', { USDT: '100000', BTC: '2', ETH: '10' });
  b = await trader(platform, 'mass-quote-b@example.org', { USDT: '100000', BTC: '2', ETH: '10' });
});
afterAll(async () => {
  await platform.app.close();
});

type Quote = { side: 'buy' | 'sell'; price: string; quantity: string; timeInForce?: string };
type Entry = { order: { id: string; price: string; status: string } } | { reason: string };

const massQuote = (t: Trader, body: unknown, headers: Record<string, string> = {}) =>
  call(platform.app, 'POST', '/api/currency/order/massQuote', body, { ...t.headers, ...headers });

async function open(t: Trader, symbol: string): Promise<Array<{ id: string; price: string }>> {
  const res = await call(
    platform.app,
    'POST',
    '/api/order/list',
    { status: 'open', size: 100, symbol },
    t.headers,
  );
  return (res.body.data.list as Array<{ id: string; price: string }>).sort((x, y) =>
    x.price.localeCompare(y.price),
  );
}

const ladder = (bid: string, ask: string): Quote[] => [
  { side: 'buy', price: bid, quantity: '0.1', timeInForce: 'POST_ONLY' },
  { side: 'sell', price: ask, quantity: '0.1', timeInForce: 'POST_ONLY' },
];

describe('mass quote', () => {
  it("replaces the caller's open orders in one market, leaving other markets and users alone", async () => {
    const first = await massQuote(a, { symbol: 'btcusdt', orders: ladder('40000', '80000') });
    expect(first.status).toBe(200);
    expect(first.body.data.cancelled).toEqual([]);
    const placed = (first.body.data.orders as Entry[]).map((e) => ('order' in e ? e.order : null));
    expect(placed.map((o) => o?.status)).toEqual(['waiting', 'waiting']);

    const eth = await submit(platform, a, {
      symbol: 'ethusdt',
      side: 'sell',
      type: 'limit',
      price: '9000',
      quantity: '1',
    });
    const theirs = await submit(platform, b, {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '95000',
      quantity: '0.5',
    });

    const second = await massQuote(a, { symbol: 'btcusdt', orders: ladder('41000', '79000') });
    expect(second.status).toBe(200);
    expect([...second.body.data.cancelled].sort()).toEqual(placed.map((o) => o!.id).sort());
    expect((await open(a, 'btcusdt')).map((o) => o.price)).toEqual(['41000', '79000']);
    expect((await open(a, 'ethusdt')).map((o) => o.id)).toEqual([eth.body.data.id]);
    expect((await open(b, 'btcusdt')).map((o) => o.id)).toEqual([theirs.body.data.id]);
    // What the replaced orders held is back: only the new ladder holds.
    expect(await wallet(platform, a)).toMatchObject({
      base: { available: '1.9', held: '0.1' },
      quote: { available: '95900', held: '4100' },
    });
  });

  it('answers each order on its own: a refused one names why, the others are placed', async () => {
    const res = await massQuote(a, {
      symbol: 'btcusdt',
      orders: [
        { side: 'buy', price: '42000.001', quantity: '0.1' },
        { side: 'sell', price: '78000', quantity: '50' },
        { side: 'buy', price: '42000', quantity: '0.1' },
      ],
    });
    expect(res.status).toBe(200);
    const [offTick, tooMuch, ok] = res.body.data.orders as Entry[];
    expect(offTick).toMatchObject({ reason: 'offTick', field: 'price' });
    expect(tooMuch).toMatchObject({ reason: 'insufficientBalance' });
    expect(ok).toMatchObject({ order: { price: '42000', status: 'waiting' } });
    expect((await open(a, 'btcusdt')).map((o) => o.price)).toEqual(['42000']);
  });

  it('refuses bad input with nothing changed', async () => {
    const before = await open(a, 'btcusdt');
    const many = Array.from({ length: 51 }, () => ladder('40000', '80000')[0]);
    for (const body of [
      { symbol: 'btcusdt', orders: [] },
      { symbol: 'btcusdt', orders: many },
      { symbol: 'btcusdt', orders: [{ side: 'buy', price: '1', quantity: '1', type: 'market' }] },
      {
        symbol: 'btcusdt',
        orders: [{ side: 'buy', price: '1', quantity: '1', timeInForce: 'IOC' }],
      },
      { orders: ladder('40000', '80000') },
    ]) {
      const res = await massQuote(a, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const unknown = await massQuote(a, { symbol: 'nopeusdt', orders: ladder('1', '2') });
    expect(unknown.status).toBe(400);
    expect(await open(a, 'btcusdt')).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    const res = await call(platform.app, 'POST', '/api/currency/order/massQuote', {
      symbol: 'btcusdt',
      orders: ladder('40000', '80000'),
    });
    expect(res.status).toBe(401);
  });

  it('leaves exactly one ladder when quotes race', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        massQuote(b, { symbol: 'ethusdt', orders: ladder(`${1000 + i}`, `${5000 + i}`) }),
      ),
    );
    for (const res of answers) expect(res.status).toBe(200);
    const left = await open(b, 'ethusdt');
    expect(left).toHaveLength(2);
    // Each quote cancelled what the one before it placed: every order but the last two.
    const cancelled = answers.flatMap((r) => r.body.data.cancelled as string[]);
    expect(cancelled).toHaveLength(10);
    expect(new Set(cancelled).size).toBe(10);
  });
});
