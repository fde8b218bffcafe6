import { generateKeyPairSync } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { SIGNED_HEADERS } from '@meridian/contract';
import { signedHeaders } from '@meridian/sdk';
import type { Platform } from '../../../app.ts';
import { call, startAccounts, type TestClock } from '../../../../test/accounts-helpers.ts';

// Market makers on, with a fast tick so they quote at once.
let platform: Platform;
let clock: TestClock;
let calls: Array<{ url: string; apiKey: string | undefined; status: number }>;

beforeAll(async () => {
  ({ platform, clock } = await startAccounts({ MARKET_MAKERS: 'true', MARKET_TICK_MS: '40' }));
  calls = [];
  const inject = platform.app.inject.bind(platform.app);
  // Every call a maker makes goes through the app's own HTTP pipeline: record them.
  vi.spyOn(platform.app, 'inject').mockImplementation((async (options: InjectOptions) => {
    const answer = await inject(options);
    const headers = (options.headers ?? {}) as Record<string, string>;
    calls.push({
      url: String(options.url),
      apiKey: headers[SIGNED_HEADERS.key],
      status: answer.statusCode,
    });
    return answer;
  }) as never);
  const end = Date.now() + 8000;
  while (Date.now() < end && !calls.some((c) => c.url === '/api/currency/order/massQuote')) {
    await new Promise((r) => setTimeout(r, 25));
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  await platform.app.close();
});

it('market makers quote through the signed HTTP API, each with its own key', async () => {
  const quotes = calls.filter((c) => c.url === '/api/currency/order/massQuote');
  expect(quotes.length).toBeGreaterThan(0);
  for (const q of quotes) {
    expect(q.status).toBe(200);
    expect(q.apiKey).toMatch(/^mm-[0-9a-f]{24}$/);
  }
  const book = platform.engine.depth('btcusdt', 5);
  expect(book?.bids.length).toBeGreaterThan(0);
  expect(book?.asks.length).toBeGreaterThan(0);
});

it('quotes each perpetual too, through the perpetuals mass quote', async () => {
  const end = Date.now() + 8000;
  const sides = () => {
    const book = platform.engine.perps.markets.get('btcusdt')?.book;
    return [book?.bestPrice('buy'), book?.bestPrice('sell')];
  };
  while (Date.now() < end && sides().some((p) => p === undefined)) {
    await new Promise((r) => setTimeout(r, 25));
  }
  const [bid, ask] = sides();
  expect(bid).toBeDefined();
  expect(ask).toBeDefined();
  expect(bid!).toBeLessThan(ask!);
  // The maker's own orders, placed as any user's are (the history tables hold them).
  const market = platform.engine.perps.markets.get('btcusdt')!;
  expect([...market.live.values()].every((o) => o.user === 'mm.btcusdt')).toBe(true);
  // The book shows them as the engine applies them; the history rows follow the answer.
  const until = Date.now() + 5000;
  let rows: unknown[] = [];
  while (Date.now() < until && rows.length === 0) {
    await platform.perps.flushed();
    rows = await platform.database.db
      .selectFrom('perp_orders')
      .select('user_id')
      .where('symbol', '=', 'btcusdt')
      .where('user_id', '=', 'mm.btcusdt')
      .execute();
    if (rows.length === 0) await new Promise((r) => setTimeout(r, 50));
  }
  expect(rows.length).toBeGreaterThan(0);
  expect(platform.engine.perps.setting('mm.btcusdt', 'btcusdt').mode).toBe('cross');
});

it("refuses a request under a maker's key signed with any other key, placing nothing", async () => {
  const apiKey = calls.find((c) => c.apiKey)!.apiKey!;
  const { privateKey } = generateKeyPairSync('ed25519');
  const body = JSON.stringify({
    symbol: 'btcusdt',
    orders: [{ side: 'sell', price: '1', quantity: '1' }],
  });
  const path = '/api/currency/order/massQuote';
  const before = platform.engine.depth('btcusdt', 1)?.bids[0];
  const res = await platform.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      ...signedHeaders(
        { apiKey, privateKey },
        { method: 'POST', path, query: '', body },
        { now: clock.now().getTime() },
      ),
    },
    payload: body,
  });
  expect(res.statusCode).toBe(401);
  expect(res.json().data.reason).toBe('apiKeyBadSignature');
  // A sell at 1 would have taken the best bid: it is still there.
  expect(platform.engine.depth('btcusdt', 1)?.bids[0]?.[0]).toBe(before?.[0]);
});

it("keeps the makers' keys in memory only: no stored key names a maker", async () => {
  const stored = await platform.database.db
    .selectFrom('api_keys')
    .select('user_id')
    .where('user_id', 'like', 'mm.%')
    .execute();
  expect(stored).toEqual([]);
  // Reading with a session-less request under the key shows nothing either.
  const res = await call(platform.app, 'POST', '/api/order/list', { status: 'open' });
  expect(res.status).toBe(401);
});
