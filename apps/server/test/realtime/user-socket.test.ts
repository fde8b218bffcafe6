import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userSocketMessageSchema, userSocketPath, USER_SOCKET_CLOSE } from '@meridian/contract';
import { buildPlatform, type Platform } from '../../src/app.ts';
import { USER_SOCKET_SERVER_CLOSE } from '../../src/kernel/realtime/user-connection.ts';
import { call, TestClock } from '../accounts-helpers.ts';
import { testConfig } from '../helpers.ts';
import { submit, trader, type Trader } from '../../src/modules/spot/test/spot-helpers.ts';
import { TestSocket, type Received } from './ws-helpers.ts';

// Short timings so the heartbeat, the session re-check and the auth deadline happen
// within a test; market makers off so the book holds only these tests' orders.
let platform: Platform;
let wsBase: string;
let a: Trader;
let b: Trader;
let c: Trader;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  platform = await buildPlatform(testConfig({ DEMO_MODE: 'true', MARKET_MAKERS: 'false' }), {
    logger: false,
    clock: new TestClock(),
    userSocket: { heartbeatMs: 100, idleMs: 1500, authTimeoutMs: 1500 },
  });
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  wsBase = `ws://127.0.0.1:${address.port}`;
  a = await trader(platform, 'socket-a@example.org', { USDT: '100000', BTC: '10' });
  b = await trader(platform, 'socket-b@example.org', { USDT: '100000' });
  c = await trader(platform, 'socket-c@example.org', { USDT: '1000' });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await platform.app.close();
});

const tokenOf = (t: Trader) => t.headers.authorization!.replace(/^Bearer /, '');

async function open(userId: string): Promise<TestSocket> {
  const socket = await TestSocket.open(`${wsBase}${userSocketPath(userId)}`);
  sockets.push(socket);
  // Every heartbeat is answered, as the web app does.
  socket.ws.on('message', (data) => {
    if (String(data) === '{"type":"heartbeat"}') socket.ws.send('ping');
  });
  return socket;
}

async function signedIn(t: Trader, token = tokenOf(t)): Promise<TestSocket> {
  const socket = await open(t.id);
  socket.send({ op: 'auth', token });
  await socket.waitFor(isReady);
  return socket;
}

/** A user-channel message's data as text; heartbeats have none. */
const dataText = (m: Received) => (m.channel === 'user' ? JSON.stringify(m.data) : '');
const isReady = (m: Received) => dataText(m) === '{"type":"ready"}';
const ofType = (type: string) => (m: Received) => dataText(m).startsWith(`{"type":"${type}"`);
const events = (socket: TestSocket) =>
  socket.messages
    .filter((m) => m.channel === 'user')
    .map((m) => userSocketMessageSchema.parse(m).data);

describe('user socket', () => {
  it("delivers the user's own order, fill and balance events, and nothing to others", async () => {
    const sa = await signedIn(a);
    const sb = await signedIn(b);
    const sc = await signedIn(c);

    const sell = await submit(platform, a, {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '60000',
      quantity: '0.5',
    });
    expect(sell.status).toBe(200);
    const sellId: string = sell.body.data.id;
    await sa.waitFor((m) => dataText(m).includes(`"orderId":"${sellId}"`));

    const buy = await submit(platform, b, {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '60000',
      quantity: '0.3',
    });
    expect(buy.status).toBe(200);
    const buyId: string = buy.body.data.id;
    await sb.waitFor(ofType('balance'), 2);
    await sa.waitFor(ofType('fill'));

    expect(events(sb)).toEqual(
      expect.arrayContaining([
        { type: 'ready' },
        { type: 'order', event: 'accepted', orderId: buyId, symbol: 'btcusdt' },
        { type: 'order', event: 'filled', orderId: buyId, symbol: 'btcusdt' },
        expect.objectContaining({
          type: 'fill',
          orderId: buyId,
          role: 'taker',
          price: '60000',
          quantity: '0.3',
        }),
        // 0.3 BTC less the 0.20% taker fee; 18,000 USDT paid.
        { type: 'balance', coin: 'BTC', available: '0.2994', held: '0' },
        { type: 'balance', coin: 'USDT', available: '82000', held: '0' },
      ]),
    );
    expect(events(sa)).toEqual(
      expect.arrayContaining([
        { type: 'order', event: 'accepted', orderId: sellId, symbol: 'btcusdt' },
        expect.objectContaining({ type: 'fill', orderId: sellId, role: 'maker' }),
        { type: 'balance', coin: 'BTC', available: '9.5', held: '0.2' },
      ]),
    );

    // B never hears of A's order, A never of B's, and C, who did not trade, of nothing.
    expect(JSON.stringify(events(sb))).not.toContain(`"orderId":"${sellId}"`);
    expect(JSON.stringify(events(sa))).not.toContain(`"orderId":"${buyId}"`);
    expect(events(sc)).toEqual([{ type: 'ready' }]);

    await call(
      platform.app,
      'POST',
      `/api/currency/order/cancelOrder?id=${sellId}`,
      undefined,
      a.headers,
    );
    await sa.waitFor((m) => dataText(m).includes('"event":"cancelled"'));
    expect(JSON.stringify(events(sb))).not.toContain('cancelled');
  });

  it('closes with 4401 on a wrong token, a malformed first message or no auth in time', async () => {
    const wrong = await open(a.id);
    wrong.send({ op: 'auth', token: 'not-a-token' });
    expect((await wrong.waitClosed()).code).toBe(USER_SOCKET_CLOSE.unauthorized);

    const malformed = await open(a.id);
    malformed.send({ op: 'subscribe', token: tokenOf(a) });
    expect((await malformed.waitClosed()).code).toBe(USER_SOCKET_CLOSE.unauthorized);

    const silent = await open(a.id);
    expect((await silent.waitClosed(5000)).code).toBe(USER_SOCKET_CLOSE.unauthorized);
    expect(silent.messages).toEqual([]);
  });

  it("closes with 4403 on a valid token for another user's path", async () => {
    const socket = await open(b.id);
    socket.send({ op: 'auth', token: tokenOf(a) });
    expect((await socket.waitClosed()).code).toBe(USER_SOCKET_CLOSE.forbidden);
    expect(socket.messages).toEqual([]);
  });

  it('accepts the token with a Bearer prefix, as HTTP does', async () => {
    const socket = await signedIn(a, `Bearer ${tokenOf(a)}`);
    expect(socket.closed).toBeNull();
  });

  it('stays open while heartbeats are answered, and closes a client that goes quiet', async () => {
    const answering = await signedIn(c);
    const quiet = await TestSocket.open(`${wsBase}${userSocketPath(c.id)}`);
    sockets.push(quiet);
    quiet.send({ op: 'auth', token: tokenOf(c) });
    await quiet.waitFor(isReady);

    // Several times the idle limit passes in heartbeats: only the quiet one is closed.
    await answering.waitFor((m) => m.type === 'heartbeat', 30, 10_000);
    expect((await quiet.waitClosed(5000)).code).toBe(USER_SOCKET_SERVER_CLOSE.idle);
    expect(answering.closed).toBeNull();
  });

  it('refuses an oversized frame', async () => {
    const socket = await open(a.id);
    socket.send('x'.repeat(2048));
    expect((await socket.waitClosed()).code).toBe(USER_SOCKET_SERVER_CLOSE.tooBig);
  });

  it('closes the oldest socket of a user past the limit of 8', async () => {
    const first = await signedIn(c);
    const later: TestSocket[] = [];
    for (let i = 0; i < 8; i += 1) later.push(await signedIn(c));
    expect((await first.waitClosed()).code).toBe(USER_SOCKET_CLOSE.replaced);
    await later.at(-1)!.waitFor((m) => m.type === 'heartbeat');
    expect(later.every((s) => s.closed === null)).toBe(true);
    expect(platform.userSocket.stats().connections).toBeGreaterThanOrEqual(8);
  });

  it('closes with 4401 once the session is logged out', async () => {
    const login = await call(platform.app, 'POST', '/api/user/login', {
      type: 'email',
      username: 'socket-b@example.org',
      password: 'Secret123',
    });
    expect(login.status).toBe(200);
    const token: string = login.body.data.token;
    const loggedOut = await signedIn(b, token);
    const other = await signedIn(b);

    const res = await call(platform.app, 'POST', '/api/user/logout', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(res.status).toBe(200);
    expect((await loggedOut.waitClosed(5000)).code).toBe(USER_SOCKET_CLOSE.unauthorized);
    // Only the session that logged out: B's other session keeps its socket.
    await other.waitFor((m) => m.type === 'heartbeat', 3);
    expect(other.closed).toBeNull();
  });
});
