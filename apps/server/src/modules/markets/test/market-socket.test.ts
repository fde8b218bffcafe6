import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  RealtimeClient,
  type ChannelMessage,
  type SocketFactory,
  type SocketLike,
} from '@meridian/sdk/realtime';
import { registerMarketSocket } from '../socket/market-socket.ts';
import { MarketConnection, DEFAULT_LIMITS } from '../socket/connection.ts';
import { MarketHub } from '../socket/hub.ts';
import type { MarketSocketLimits } from '../socket/connection.ts';
import { candle, depth, FakeFeed, ticker, trade } from '../../../../test/realtime/fake-feed.ts';
import { sleep, startServer, TestSocket } from '../../../../test/realtime/ws-helpers.ts';

let app: FastifyInstance | undefined;
const sockets: TestSocket[] = [];
const clients: RealtimeClient[] = [];

async function serve(feed: FakeFeed, limits: Partial<MarketSocketLimits> = {}) {
  const server = await startServer(async (a) => {
    await registerMarketSocket(a, { feed, limits });
  });
  app = server.app;
  return `${server.wsBase}/ws/test-${sockets.length}`;
}

async function open(url: string): Promise<TestSocket> {
  const socket = await TestSocket.open(url);
  sockets.push(socket);
  return socket;
}

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const socket of sockets.splice(0)) socket.close();
  await app?.close();
  app = undefined;
});

describe('market socket: subscriptions', () => {
  it('answers a subscription with a snapshot, then numbered updates, until unsubscribed', async () => {
    const feed = new FakeFeed();
    const socket = await open(await serve(feed));
    socket.send({ op: 'sub', type: 'DETAIL', symbol: 'btcusdt' });
    const [snapshot] = await socket.waitFor((m) => m.snapshot === true);
    expect(snapshot).toMatchObject({
      type: 'DETAIL',
      channel: 'DETAIL:btcusdt',
      seq: 0,
      snapshot: true,
      data: [{ symbol: 'btcusdt', close: '100' }],
    });

    feed.emit({ type: 'ticker', data: ticker('btcusdt', '101') });
    feed.emit({ type: 'ticker', data: ticker('ethusdt', '7') }); // not watched
    await socket.waitFor((m) => m.seq === 1);
    await sleep(300);
    feed.emit({ type: 'ticker', data: ticker('btcusdt', '102') });
    await socket.waitFor((m) => m.seq === 2);
    expect(socket.on('DETAIL:btcusdt').map((m) => [m.seq, m.snapshot])).toEqual([
      [0, true],
      [1, false],
      [2, false],
    ]);
    expect(socket.messages.at(-1)?.data).toEqual([expect.objectContaining({ close: '102' })]);

    socket.send({ op: 'unsub', type: 'DETAIL', symbol: 'btcusdt' });
    await sleep(300);
    feed.emit({ type: 'ticker', data: ticker('btcusdt', '103') });
    await sleep(300);
    expect(socket.on('DETAIL:btcusdt')).toHaveLength(3);
  });

  it('numbers each channel on its own, KLINE and TRADE included', async () => {
    const feed = new FakeFeed();
    const socket = await open(await serve(feed));
    socket.send({ op: 'sub', type: 'KLINE', symbol: 'btcusdt', interval: '1m' });
    socket.send({ op: 'sub', type: 'TRADE', symbol: 'btcusdt' });
    socket.send({ op: 'sub', type: 'DEPTH', symbol: 'ethusdt' });
    await socket.waitFor((m) => m.snapshot === true, 3);
    const kline = socket.on('KLINE:btcusdt:1m')[0];
    expect(kline).toMatchObject({
      type: 'KLINE',
      seq: 0,
      data: [{ time: 60_000 }, { time: 120_000 }],
    });
    expect(socket.on('TRADE:btcusdt')[0]).toMatchObject({ data: [{ id: 'btcusdt-snap' }] });
    expect(socket.on('DEPTH:ethusdt')[0]).toMatchObject({ data: { symbol: 'ethusdt' } });

    for (let i = 0; i < 3; i++) {
      feed.emit({
        type: 'candle',
        symbol: 'btcusdt',
        interval: '1m',
        data: candle(120_000, `${110 + i}`),
      });
      feed.emit({ type: 'trades', symbol: 'btcusdt', data: [trade(`t${i}`)] });
      feed.emit({ type: 'depth', symbol: 'ethusdt', data: depth('ethusdt', `${90 + i}`) });
      await sleep(300);
    }
    for (const channel of ['KLINE:btcusdt:1m', 'TRADE:btcusdt', 'DEPTH:ethusdt']) {
      expect(socket.on(channel).map((m) => m.seq)).toEqual([0, 1, 2, 3]);
    }
    // A candle of another interval is another channel.
    feed.emit({ type: 'candle', symbol: 'btcusdt', interval: '5m', data: candle(0, '1') });
    await sleep(100);
    expect(socket.on('KLINE:btcusdt:1m')).toHaveLength(4);
  });

  it('sends a fresh snapshot and restarts the numbering on a repeated sub', async () => {
    const feed = new FakeFeed();
    const socket = await open(await serve(feed));
    socket.send({ op: 'sub', type: 'DEPTH', symbol: 'btcusdt' });
    await socket.waitFor((m) => m.snapshot === true);
    feed.emit({ type: 'depth', symbol: 'btcusdt', data: depth('btcusdt', '98') });
    await socket.waitFor((m) => m.seq === 1);
    socket.send({ op: 'sub', type: 'DEPTH', symbol: 'btcusdt' });
    await socket.waitFor((m) => m.snapshot === true, 2);
    await sleep(250);
    feed.emit({ type: 'depth', symbol: 'btcusdt', data: depth('btcusdt', '97') });
    await socket.waitFor((m) => m.seq === 1, 2);
    expect(socket.on('DEPTH:btcusdt').map((m) => m.seq)).toEqual([0, 1, 0, 1]);
  });
});

describe('market socket: throttling', () => {
  it('sends DEPTH at most every 200 ms, the latest book winning', async () => {
    const feed = new FakeFeed();
    const socket = await open(await serve(feed));
    socket.send({ op: 'sub', type: 'DEPTH', symbol: 'btcusdt' });
    await socket.waitFor((m) => m.snapshot === true);
    const began = Date.now();
    for (let i = 1; i <= 10; i++) {
      feed.emit({ type: 'depth', symbol: 'btcusdt', data: depth('btcusdt', `${i}`) });
    }
    const [first, second] = await socket.waitFor((m) => m.snapshot === false, 2);
    expect(Date.now() - began).toBeGreaterThanOrEqual(190);
    expect((first?.data as { bids: string[][] }).bids[0]?.[0]).toBe('1');
    expect((second?.data as { bids: string[][] }).bids[0]?.[0]).toBe('10');
    await sleep(300);
    expect(socket.on('DEPTH:btcusdt')).toHaveLength(3);
  });

  it('batches TRADE per 250 ms without losing a trade', async () => {
    const feed = new FakeFeed();
    const socket = await open(await serve(feed));
    socket.send({ op: 'sub', type: 'TRADE', symbol: 'btcusdt' });
    await socket.waitFor((m) => m.snapshot === true);
    for (let i = 0; i < 6; i++) {
      feed.emit({ type: 'trades', symbol: 'btcusdt', data: [trade(`t${i}`)] });
    }
    await sleep(400);
    const updates = socket.on('TRADE:btcusdt').filter((m) => !m.snapshot);
    expect(updates).toHaveLength(2);
    // Newest first, like the snapshot.
    expect(updates[1]?.data).toEqual(
      ['t5', 't4', 't3', 't2', 't1'].map((id) => expect.objectContaining({ id })),
    );
  });

  it('sends DETAIL all at most once a second with every market that moved', async () => {
    const feed = new FakeFeed();
    const socket = await open(await serve(feed));
    socket.send({ op: 'sub', type: 'DETAIL', symbol: 'all' });
    const [snapshot] = await socket.waitFor((m) => m.snapshot === true);
    expect(snapshot?.data).toHaveLength(2);
    feed.emit({ type: 'ticker', data: ticker('btcusdt', '1') });
    await socket.waitFor((m) => m.seq === 1);
    feed.emit({ type: 'ticker', data: ticker('btcusdt', '2') });
    feed.emit({ type: 'ticker', data: ticker('ethusdt', '3') });
    feed.emit({ type: 'ticker', data: ticker('btcusdt', '4') });
    await sleep(600);
    expect(socket.on('DETAIL:all')).toHaveLength(2);
    const [batch] = await socket.waitFor((m) => m.seq === 2);
    expect(batch?.data).toEqual([
      expect.objectContaining({ symbol: 'btcusdt', close: '4' }),
      expect.objectContaining({ symbol: 'ethusdt', close: '3' }),
    ]);
  });
});

describe('market socket: liveness and limits', () => {
  it('sends heartbeats, keeps a client that answers ping and closes a silent one', async () => {
    const feed = new FakeFeed();
    const url = await serve(feed, { heartbeatMs: 100, idleMs: 450 });
    const polite = await open(url);
    const silent = await open(url);
    polite.ws.on('message', (data) => {
      if (String(data) === '{"type":"heartbeat"}') polite.send('ping');
    });
    await polite.waitFor((m) => m.type === 'heartbeat', 3);
    const closed = await silent.waitClosed(2000);
    expect(closed).toEqual({ code: 4000, reason: 'idle' });
    expect(silent.messages.some((m) => m.type === 'heartbeat')).toBe(true);
    await sleep(300);
    expect(polite.closed).toBeNull();
  });

  it('answers invalid messages with an error and keeps serving', async () => {
    const feed = new FakeFeed();
    const socket = await open(await serve(feed, { maxSubscriptions: 2 }));
    const bad = [
      'not json',
      '[]',
      { op: 'subscribe', type: 'DETAIL', symbol: 'btcusdt' },
      { op: 'sub', type: 'CHAT', symbol: 'btcusdt' },
      { op: 'sub', type: 'DETAIL', symbol: 'BTC/USDT' },
      { op: 'sub', type: 'DETAIL', symbol: 'dogeusdt' },
      { op: 'sub', type: 'KLINE', symbol: 'all' },
      { op: 'sub', type: 'TRADE', symbol: 'btcusdt', interval: '1m' },
      { op: 'sub', type: 'KLINE', symbol: 'btcusdt', interval: '2m' },
      { op: 'sub', type: 'DETAIL', symbol: 'btcusdt', extra: 1 },
    ];
    for (const message of bad) socket.send(message);
    const errors = await socket.waitFor((m) => m.type === 'error', bad.length);
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining('not JSON'),
      expect.stringContaining('invalid subscription'),
      expect.stringContaining('op'),
      expect.stringContaining('type'),
      expect.stringContaining('symbol'),
      "unknown symbol 'dogeusdt'",
      "symbol 'all' is only for DETAIL",
      'interval is only for KLINE',
      expect.stringContaining('interval'),
      expect.stringContaining('invalid subscription'),
    ]);
    socket.send({ op: 'sub', type: 'DETAIL', symbol: 'btcusdt' });
    socket.send({ op: 'sub', type: 'DETAIL', symbol: 'ethusdt' });
    socket.send({ op: 'sub', type: 'TRADE', symbol: 'ethusdt' });
    await socket.waitFor((m) => m.snapshot === true, 2);
    const [limit] = await socket.waitFor((m) => m.message?.includes('at most 2') ?? false);
    expect(limit?.type).toBe('error');
    // Unsubscribing what was never subscribed is harmless.
    socket.send({ op: 'unsub', type: 'DEPTH', symbol: 'btcusdt' });
    feed.emit({ type: 'ticker', data: ticker('btcusdt', '5') });
    await socket.waitFor((m) => m.seq === 1);
  });

  it('closes a connection that sends an oversized message', async () => {
    const feed = new FakeFeed();
    const socket = await open(await serve(feed, { maxMessageBytes: 200 }));
    socket.send('x'.repeat(500));
    const closed = await socket.waitClosed();
    expect(closed.code).toBe(1009);
    expect(socket.messages[0]?.message).toContain('larger than 200 bytes');
  });

  it('cuts off a client whose send buffer passed the limit and leaves its channels', async () => {
    const feed = new FakeFeed();
    const hub = new MarketHub(feed);
    let terminated = false;
    const sent: string[] = [];
    const socket = {
      readyState: 1,
      bufferedAmount: 0,
      send: (text: string) => sent.push(text),
      terminate: () => {
        terminated = true;
      },
      close: () => undefined,
    };
    const log = { warn: () => undefined, error: () => undefined };
    const connection = new MarketConnection(
      socket as never,
      hub,
      feed,
      { ...DEFAULT_LIMITS, maxBufferedBytes: 1000 },
      log as never,
    );
    connection.receive(JSON.stringify({ op: 'sub', type: 'DEPTH', symbol: 'btcusdt' }));
    await sleep(10);
    expect(sent).toHaveLength(1);
    expect(hub.channelCount).toBe(1);
    socket.bufferedAmount = 5000;
    feed.emit({ type: 'depth', symbol: 'btcusdt', data: depth('btcusdt', '1') });
    expect(terminated).toBe(true);
    expect(sent).toHaveLength(1);
    expect(hub.channelCount).toBe(0);
    hub.close();
    expect(feed.listenerCount).toBe(0);
  });
});

/** The browser's client on `ws`; `drop` loses chosen messages as a bad network would. */
function wsFactory(drop: (text: string) => boolean = () => false): SocketFactory {
  return (url) => {
    const ws = new WebSocket(url);
    const adapter: SocketLike = {
      get readyState() {
        return ws.readyState;
      },
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
      send: (data) => ws.send(data),
      close: () => ws.close(),
    };
    ws.on('open', () => adapter.onopen?.({}));
    ws.on('message', (data) => {
      const text = String(data);
      if (!drop(text)) adapter.onmessage?.({ data: text });
    });
    ws.on('close', () => adapter.onclose?.({}));
    ws.on('error', () => adapter.onerror?.({}));
    return adapter;
  };
}

describe('market socket with the browser client', () => {
  it('resyncs after a gap: the client asks again and gets a fresh snapshot', async () => {
    const feed = new FakeFeed();
    const url = await serve(feed);
    let dropped = 0;
    const client = new RealtimeClient({
      url,
      // Lose the first update numbered 2, once.
      createSocket: wsFactory((text) => {
        if (dropped === 0 && text.includes('"seq":2,')) {
          dropped++;
          return true;
        }
        return false;
      }),
    });
    clients.push(client);
    const applied: ChannelMessage[] = [];
    client.subscribe({
      channel: 'DEPTH:btcusdt',
      request: { op: 'sub', type: 'DEPTH', symbol: 'btcusdt' },
      release: { op: 'unsub', type: 'DEPTH', symbol: 'btcusdt' },
      onMessage: (message) => applied.push(message),
    });
    client.connect();
    for (let i = 1; i <= 4; i++) {
      await sleep(250);
      feed.emit({ type: 'depth', symbol: 'btcusdt', data: depth('btcusdt', `${i}`) });
    }
    await sleep(300);
    expect(dropped).toBe(1);
    // seq 3 arrives after the lost 2: not applied; the client resubscribes and the
    // server answers with a new snapshot, numbered from 0 again.
    expect(applied.map((m) => [m.seq, m.snapshot])).toEqual([
      [0, true],
      [1, false],
      [0, true],
      [1, false],
    ]);
  });

  it('reconnects and resends the subscriptions queued before the socket opened', async () => {
    const feed = new FakeFeed();
    const url = await serve(feed);
    const client = new RealtimeClient({ url, createSocket: wsFactory(), reconnectDelayMs: 50 });
    clients.push(client);
    const applied: ChannelMessage[] = [];
    // Subscribed before connecting: queued until the socket opens.
    client.subscribe({
      channel: 'DETAIL:all',
      request: { op: 'sub', type: 'DETAIL', symbol: 'all' },
      onMessage: (message) => applied.push(message),
    });
    client.subscribe({
      channel: 'TRADE:ethusdt',
      request: { op: 'sub', type: 'TRADE', symbol: 'ethusdt' },
      onMessage: (message) => applied.push(message),
    });
    client.connect();
    await sleep(200);
    expect(applied.filter((m) => m.snapshot)).toHaveLength(2);

    for (const socket of app!.websocketServer.clients) socket.terminate();
    await sleep(400);
    expect(client.isOpen).toBe(true);
    expect(
      applied
        .filter((m) => m.snapshot)
        .map((m) => m.channel)
        .sort(),
    ).toEqual(['DETAIL:all', 'DETAIL:all', 'TRADE:ethusdt', 'TRADE:ethusdt']);
    feed.emit({ type: 'trades', symbol: 'ethusdt', data: [trade('after')] });
    await sleep(100);
    expect(applied.at(-1)).toMatchObject({ channel: 'TRADE:ethusdt', seq: 1 });
  });
});
