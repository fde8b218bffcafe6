// @vitest-environment node
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import {
  RECONNECT_DELAY_MS,
  RealtimeClient,
  type ChannelMessage,
  type SocketLike,
} from './realtime-client.ts';

/** A local socket server that records what clients send. */
async function testServer() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const received: string[] = [];
  const sockets: ServerSocket[] = [];
  const waiters: (() => void)[] = [];
  server.on('connection', (socket) => {
    sockets.push(socket);
    socket.on('message', (data) => {
      received.push(String(data));
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/ws/test`,
    received,
    sockets,
    /** Resolves once the server has received `count` messages in all. */
    async waitFor(count: number) {
      while (received.length < count) await new Promise<void>((wake) => waiters.push(wake));
    },
    latest: () => sockets[sockets.length - 1]!,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.terminate());
        server.close(() => resolve());
      }),
  };
}

const createSocket = (url: string) => new WebSocket(url) as unknown as SocketLike;

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
};

describe('realtime client against a local socket server', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let client: RealtimeClient | undefined;

  beforeEach(async () => {
    server = await testServer();
  });
  afterEach(async () => {
    client?.close();
    await server.close();
  });

  it('queues a subscription until the socket opens', async () => {
    client = new RealtimeClient({ url: server.url, createSocket });
    client.subscribe({ channel: 'DETAIL', request: { op: 'sub', type: 'DETAIL' }, onMessage() {} });
    client.connect();
    await server.waitFor(1);
    expect(server.received).toEqual(['{"op":"sub","type":"DETAIL"}']);
  });

  it("answers the server's heartbeat with 'ping'", async () => {
    client = new RealtimeClient({ url: server.url, createSocket });
    client.connect();
    await until(() => client!.isOpen && server.sockets.length === 1);
    server.latest().send('heartbeat');
    server.latest().send(JSON.stringify({ type: 'heartbeat' }));
    await server.waitFor(2);
    expect(server.received).toEqual(['ping', 'ping']);
  });

  it('reconnects 3 s after the connection drops and sends its subscriptions again', async () => {
    const delays: number[] = [];
    client = new RealtimeClient({
      url: server.url,
      createSocket,
      // Record the delay, then run at once so the test does not wait 3 s.
      schedule: (run, ms) => {
        delays.push(ms);
        setTimeout(run, 0);
        return () => {};
      },
    });
    client.subscribe({ channel: 'KLINE', request: { op: 'sub', type: 'KLINE' }, onMessage() {} });
    client.connect();
    await server.waitFor(1);
    server.latest().terminate();
    await server.waitFor(2);
    expect(delays).toEqual([RECONNECT_DELAY_MS]);
    expect(RECONNECT_DELAY_MS).toBe(3000);
    expect(server.sockets).toHaveLength(2);
    expect(server.received).toEqual(['{"op":"sub","type":"KLINE"}', '{"op":"sub","type":"KLINE"}']);
  });

  it('asks for a fresh snapshot on a sequence gap and drops messages until it comes', async () => {
    const seen: ChannelMessage[] = [];
    client = new RealtimeClient({ url: server.url, createSocket });
    client.subscribe({
      channel: 'TRADE',
      request: { op: 'sub', type: 'TRADE' },
      onMessage: (message) => seen.push(message),
    });
    client.connect();
    await server.waitFor(1);
    const send = (message: ChannelMessage) => server.latest().send(JSON.stringify(message));
    send({ channel: 'TRADE', seq: 10, snapshot: true, data: 'full' });
    send({ channel: 'TRADE', seq: 11, data: 'a' });
    send({ channel: 'TRADE', seq: 11, data: 'repeat' });
    send({ channel: 'TRADE', seq: 13, data: 'after a gap' });
    await server.waitFor(2);
    expect(server.received[1]).toBe('{"op":"sub","type":"TRADE"}');
    send({ channel: 'TRADE', seq: 14, data: 'still stale' });
    send({ channel: 'TRADE', seq: 20, snapshot: true, data: 'fresh' });
    send({ channel: 'TRADE', seq: 21, data: 'b' });
    await until(() => seen.length === 4);
    expect(seen.map((m) => m.data)).toEqual(['full', 'a', 'fresh', 'b']);
  });

  it('stops for good on close and leaves a channel when asked', async () => {
    client = new RealtimeClient({ url: server.url, createSocket });
    client.connect();
    await until(() => client!.isOpen);
    const leave = client.subscribe({
      channel: 'DETAIL',
      request: { op: 'sub' },
      release: { op: 'unsub' },
      onMessage() {},
    });
    leave();
    await server.waitFor(2);
    expect(server.received).toEqual(['{"op":"sub"}', '{"op":"unsub"}']);
    client.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(server.sockets).toHaveLength(1);
  });
});
