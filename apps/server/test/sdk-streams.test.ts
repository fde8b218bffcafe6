import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { currencyOrderSubmit, type MarketMessage, type UserEvent } from '@meridian/contract';
import {
  MarketStream,
  MeridianClient,
  socketLogin,
  UserStream,
  type SocketLike,
} from '@meridian/sdk';
import { buildPlatform, type Platform } from '../src/app.ts';
import { call, rememberPlatform, trader, type Trader } from './accounts-helpers.ts';
import { testConfig } from './helpers.ts';

// The SDK's sockets against a platform listening on a port, on the system clock (a
// socket login carries a real timestamp), through `ws` as Node 20 has no WebSocket.
let platform: Platform;
let origin: string;
let socketUrl: string;
let bot: Trader;
let key: { apiKey: string; secret: string };
const opened: WebSocket[] = [];
const createSocket = (url: string) => {
  const socket = new WebSocket(url);
  opened.push(socket);
  return socket as unknown as SocketLike;
};

beforeAll(async () => {
  platform = rememberPlatform(
    await buildPlatform(
      testConfig({
        DEMO_MODE: 'false',
        MARKET_MAKERS: 'false',
        // A test-only key for the HMAC secrets at rest (never a deployment's).
        API_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      }),
      { logger: false },
    ),
  );
  origin = await platform.app.listen({ port: 0, host: '127.0.0.1' });
  socketUrl = origin.replace(/^http/, 'ws');
  bot = await trader(platform, 'stream-bot@example.org', { USDT: '10000' });
  const made = await call(
    platform.app,
    'POST',
    '/api/core/coin/member/api',
    { label: 'streams', scopes: ['read', 'trade'] },
    bot.headers,
  );
  key = { apiKey: made.body.data.apiKey, secret: made.body.data.secret };
});
afterAll(async () => {
  await platform.app.close();
});

/** Resolves with the first item `predicate` accepts, from items pushed after this call. */
function waitFor<T>(items: T[], predicate: (item: T) => boolean, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 10_000;
    const look = () => {
      const found = items.find(predicate);
      if (found !== undefined) resolve(found);
      else if (Date.now() > deadline) reject(new Error(`no ${what}`));
      else setTimeout(look, 20);
    };
    look();
  });
}

const bid = (price: string) => ({
  body: { symbol: 'btcusdt', side: 'buy', type: 'limit', price, quantity: '0.01' } as const,
});

it("streams a market's book: the snapshot first, then the update with a new bid", async () => {
  const stream = new MarketStream({ socketUrl, createSocket });
  const messages: MarketMessage[] = [];
  stream.subscribe({ type: 'DEPTH', symbol: 'btcusdt' }, (m) => messages.push(m));
  await waitFor(messages, (m) => m.snapshot, 'snapshot');
  const client = new MeridianClient({ baseUrl: origin, auth: key });
  await client.call(currencyOrderSubmit, bid('12345'));
  const update = await waitFor(
    messages,
    (m) => m.type === 'DEPTH' && !m.snapshot && m.data.bids.some(([price]) => price === '12345'),
    'book update with the bid',
  );
  expect(update.channel).toBe('DEPTH:btcusdt');
  stream.close();
});

it("streams the key owner's events and logs in afresh, signed anew, after a dropped connection", async () => {
  const events: UserEvent[] = [];
  const ready: number[] = [];
  const closed: number[] = [];
  const before = opened.length;
  const stream = new UserStream({
    socketUrl,
    userId: bot.id,
    login: () => socketLogin(key, bot.id),
    createSocket,
    reconnectDelayMs: 50,
    onEvent: (e) => events.push(e),
    onReady: () => ready.push(Date.now()),
    onClosed: (code) => closed.push(code),
  });
  await waitFor(ready, () => true, 'ready');
  const client = new MeridianClient({ baseUrl: origin, auth: key });
  const order = await client.call(currencyOrderSubmit, bid('11000'));
  await waitFor(
    events,
    (e) => e.type === 'order' && e.event === 'accepted' && e.orderId === order.id,
    'order accepted',
  );
  await waitFor(events, (e) => e.type === 'balance' && e.coin === 'USDT', 'balance');

  // The connection drops; the stream reconnects and its new login is accepted, which a
  // replayed signature would not be.
  opened[before]!.terminate();
  await waitFor(ready, () => ready.length === 2, 'second ready');
  expect(opened.length).toBe(before + 2);
  const second = await client.call(currencyOrderSubmit, bid('11001'));
  await waitFor(
    events,
    (e) => e.type === 'order' && e.event === 'accepted' && e.orderId === second.id,
    'order accepted after reconnect',
  );
  expect(closed).toEqual([]);
  stream.close();
});

it('stops for good, saying why, when the login is refused', async () => {
  const closed: number[] = [];
  const stream = new UserStream({
    socketUrl,
    userId: bot.id,
    login: () => socketLogin({ ...key, secret: 'not-it' }, bot.id),
    createSocket,
    reconnectDelayMs: 50,
    onEvent: () => undefined,
    onClosed: (code) => closed.push(code),
  });
  await waitFor(closed, () => true, 'close');
  expect(closed).toEqual([4401]);
  stream.close();
});
