import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userSocketPath, USER_SOCKET_CLOSE } from '@meridian/contract';
import { signedHeaders } from '@meridian/sdk';
import { buildPlatform, type Platform } from '../../src/app.ts';
import { call, TestClock, trader, type Trader } from '../accounts-helpers.ts';
import { testConfig } from '../helpers.ts';
import { submit } from '../../src/modules/spot/test/spot-helpers.ts';
import { TestSocket, type Received } from './ws-helpers.ts';

// A bot's socket: it logs in with its API key, signed as a signed request is, and then
// keeps its state from the owner's events rather than by polling.
let platform: Platform;
let clock: TestClock;
let wsBase: string;
let a: Trader;
let b: Trader;
const sockets: TestSocket[] = [];

interface Key {
  id: string;
  apiKey: string;
  secret: string;
}

beforeAll(async () => {
  clock = new TestClock();
  platform = await buildPlatform(testConfig({ DEMO_MODE: 'true', MARKET_MAKERS: 'false' }), {
    logger: false,
    clock,
    userSocket: { heartbeatMs: 100, idleMs: 1500, authTimeoutMs: 1500 },
  });
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  wsBase = `ws://127.0.0.1:${address.port}`;
  a = await trader(platform, 'socket-key-a@example.org', { USDT: '100000', BTC: '10' });
  b = await trader(platform, 'socket-key-b@example.org', { USDT: '1000' });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await platform.app.close();
});

async function keyOf(t: Trader, scopes: string[]): Promise<Key> {
  const res = await call(
    platform.app,
    'POST',
    '/api/core/coin/member/api',
    { label: 'socket bot', scopes },
    t.headers,
  );
  expect(res.status).toBe(200);
  return res.body.data as Key;
}

/** The socket login message of `key` for `userId`'s socket, as the README describes it. */
function login(key: Key, userId: string, options: { secret?: string } = {}) {
  clock.advance(0.001);
  const headers = signedHeaders(
    { apiKey: key.apiKey, secret: options.secret ?? key.secret },
    { method: 'GET', path: userSocketPath(userId), query: '', body: '' },
    { now: clock.now().getTime() },
  );
  return {
    op: 'auth',
    apiKey: key.apiKey,
    timestamp: headers['x-mer-timestamp'],
    signature: headers['x-mer-signature'],
  };
}

async function open(userId: string): Promise<TestSocket> {
  const socket = await TestSocket.open(`${wsBase}${userSocketPath(userId)}`);
  sockets.push(socket);
  socket.ws.on('message', (data) => {
    if (String(data) === '{"type":"heartbeat"}') socket.ws.send('ping');
  });
  return socket;
}

const dataText = (m: Received) => (m.channel === 'user' ? JSON.stringify(m.data) : '');
const isReady = (m: Received) => dataText(m) === '{"type":"ready"}';

describe('user socket with an API key', () => {
  it("opens with a signed login and carries the owner's order events", async () => {
    const key = await keyOf(a, ['read', 'trade']);
    const socket = await open(a.id);
    socket.send(login(key, a.id));
    await socket.waitFor(isReady);
    await submit(platform, a, {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '61000',
      quantity: '0.1',
    });
    await socket.waitFor((m) => dataText(m).includes('"btcusdt"'));
  });

  it.each<[string, (key: Key) => Promise<{ message: unknown; userId: string }>, number, string]>([
    [
      'a wrong signature',
      async (key) => ({ message: login(key, a.id, { secret: 'not-the-secret' }), userId: a.id }),
      USER_SOCKET_CLOSE.unauthorized,
      'apiKeyBadSignature',
    ],
    [
      "another user's socket",
      async (key) => ({ message: login(key, b.id), userId: b.id }),
      USER_SOCKET_CLOSE.forbidden,
      'token of another user',
    ],
    [
      'a key without the read scope',
      async () => {
        const tradeOnly = await keyOf(a, ['trade']);
        return { message: login(tradeOnly, a.id), userId: a.id };
      },
      USER_SOCKET_CLOSE.unauthorized,
      'apiKeyScope',
    ],
    [
      'an old timestamp',
      async (key) => {
        const message = login(key, a.id);
        clock.advance(6);
        return { message, userId: a.id };
      },
      USER_SOCKET_CLOSE.unauthorized,
      'apiKeyTimestamp',
    ],
  ])('refuses %s', async (_name, make, code, reason) => {
    const key = await keyOf(a, ['read']);
    const { message, userId } = await make(key);
    const socket = await open(userId);
    socket.send(message);
    expect(await socket.waitClosed()).toEqual({ code, reason });
  });

  it('refuses a login replayed inside its window', async () => {
    const key = await keyOf(a, ['read']);
    const message = login(key, a.id);
    const first = await open(a.id);
    first.send(message);
    await first.waitFor(isReady);
    const second = await open(a.id);
    second.send(message);
    expect(await second.waitClosed()).toEqual({
      code: USER_SOCKET_CLOSE.unauthorized,
      reason: 'apiKeyReplay',
    });
  });

  it('closes when the key is deleted, at the next heartbeat', async () => {
    const key = await keyOf(a, ['read']);
    const socket = await open(a.id);
    socket.send(login(key, a.id));
    await socket.waitFor(isReady);
    const deleted = await call(
      platform.app,
      'GET',
      `/api/core/coin/member/api/del?id=${encodeURIComponent(key.id)}`,
      undefined,
      a.headers,
    );
    expect(deleted.status).toBe(200);
    expect((await socket.waitClosed()).code).toBe(USER_SOCKET_CLOSE.unauthorized);
  });
});
