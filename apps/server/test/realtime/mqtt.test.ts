import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionPrincipal } from '../../src/kernel/sessions.ts';
import { startBroker, type Broker } from '../../src/kernel/realtime/mqtt/broker.ts';
import { publishTickers } from '../../src/modules/markets/mqtt-tickers.ts';
import { createHealthService } from '../../src/modules/system/health.ts';
import { FakeFeed, ticker } from './fake-feed.ts';
import { sleep, startServer } from './ws-helpers.ts';

const TOKENS: Record<string, string> = {
  'token-alice': 'alice',
  'token-bob': 'bob',
  // Its lookup answers, but the session has ended (a lookup that raced a logout).
  'token-stale': 'carol',
};
const ENDED = new Set(['s-carol']);
const sessions = {
  async authenticate(token: string): Promise<SessionPrincipal | null> {
    if (token === 'token-when-db-down') throw new Error('database unavailable');
    const userId = TOKENS[token];
    return userId ? { userId, sessionId: `s-${userId}`, deviceId: 'd' } : null;
  },
  async liveSessions(ids: readonly string[]): Promise<Set<string>> {
    return new Set(ids.filter((id) => !ENDED.has(id)));
  },
};

let app: FastifyInstance | undefined;
let broker: Broker | undefined;
const clients: MqttClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.endAsync(true);
  await app?.close();
  app = undefined;
  broker = undefined;
});

async function embedded(feed = new FakeFeed()) {
  const server = await startServer(async (a) => {
    broker = await startBroker(a, { sessions });
    const stop = publishTickers(broker, feed);
    a.addHook('onClose', async () => stop());
  });
  app = server.app;
  return { url: `${server.wsBase}/mqtt`, feed };
}

async function connect(
  url: string,
  options: mqtt.IClientOptions = {},
): Promise<{ client: MqttClient; received: Array<{ topic: string; payload: string }> }> {
  const client = mqtt.connect(url, { keepalive: 5, reconnectPeriod: 0, ...options });
  clients.push(client);
  const received: Array<{ topic: string; payload: string }> = [];
  client.on('message', (topic, payload) => received.push({ topic, payload: String(payload) }));
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return { client, received };
}

/** The QoS granted per topic; 128 is a refusal. */
async function granted(client: MqttClient, topic: string): Promise<number> {
  try {
    const result = await client.subscribeAsync(topic, { qos: 0 });
    return result[0]?.qos ?? -1;
  } catch {
    return 128;
  }
}

async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

describe('embedded MQTT broker', () => {
  it('publishes the tickers to all_symbol_detail for anyone, at most once a second', async () => {
    const { url, feed } = await embedded();
    const { client, received } = await connect(url);
    expect(await granted(client, 'all_symbol_detail')).toBe(0);
    feed.emit({ type: 'ticker', data: ticker('btcusdt', '101') });
    feed.emit({ type: 'ticker', data: ticker('btcusdt', '102') });
    await until(() => received.length >= 1);
    const first = JSON.parse(received[0]!.payload) as Array<{ symbol: string; close: string }>;
    expect(first.find((t) => t.symbol === 'btcusdt')?.close).toBe('101');
    await sleep(500);
    expect(received).toHaveLength(1);
    await until(() => received.length >= 2, 1500);
    const second = JSON.parse(received[1]!.payload) as Array<{ symbol: string; close: string }>;
    expect(second.map((t) => t.symbol).sort()).toEqual(['btcusdt', 'ethusdt']);
    expect(second.find((t) => t.symbol === 'btcusdt')?.close).toBe('102');

    // Retained: a late subscriber has every market at once.
    const late = await connect(url);
    await late.client.subscribeAsync('all_symbol_detail');
    await until(() => late.received.length >= 1);
    expect(broker!.status()).toMatchObject({ status: 'up' });
  });

  it("lets a user read their own refresh topic, never another user's", async () => {
    const { url } = await embedded();
    const alice = await connect(url, { password: 'token-alice', username: 'alice' });
    expect(await granted(alice.client, 'refresh_alice')).toBe(0);
    expect(await granted(alice.client, 'refresh_bob')).toBe(128);
    expect(await granted(alice.client, 'refresh_+')).toBe(128);
    expect(await granted(alice.client, '#')).toBe(128);
    // The token may come as the username too.
    const bob = await connect(url, { username: 'token-bob' });
    expect(await granted(bob.client, 'refresh_bob')).toBe(0);

    broker!.publishUserRefresh('alice', { kind: 'balance' });
    broker!.publishUserRefresh('bob', { kind: 'order' });
    await until(() => alice.received.length >= 1 && bob.received.length >= 1);
    await sleep(100);
    expect(alice.received).toEqual([{ topic: 'refresh_alice', payload: '{"kind":"balance"}' }]);
    expect(bob.received).toEqual([{ topic: 'refresh_bob', payload: '{"kind":"order"}' }]);
  });

  it('still delivers a refresh after other subscribers left, and to a resumed persistent session', async () => {
    const { url } = await embedded();
    const first = await connect(url, { password: 'token-alice', username: 'alice' });
    const second = await connect(url, { password: 'token-alice', username: 'alice' });
    expect(await granted(first.client, 'refresh_alice')).toBe(0);
    expect(await granted(second.client, 'refresh_alice')).toBe(0);
    await first.client.endAsync(true);
    broker!.publishUserRefresh('alice', { n: 1 });
    await until(() => second.received.length === 1);

    // A persistent session gets its subscription back on reconnect without subscribing.
    const options = { password: 'token-bob', username: 'bob', clean: false, clientId: 'bob-1' };
    const before = await connect(url, options);
    expect(await granted(before.client, 'refresh_bob')).toBe(0);
    await before.client.endAsync(true);
    const resumed = await connect(url, options);
    broker!.publishUserRefresh('bob', { n: 2 });
    await until(() => resumed.received.length === 1);
    expect(resumed.received).toEqual([{ topic: 'refresh_bob', payload: '{"n":2}' }]);
  });

  it('refuses refresh topics to anonymous clients and a connection with a bad token', async () => {
    const { url } = await embedded();
    const anonymous = await connect(url);
    expect(await granted(anonymous.client, 'refresh_alice')).toBe(128);
    const named = await connect(url, { username: 'just-a-name' });
    expect(await granted(named.client, 'refresh_alice')).toBe(128);
    expect(await granted(named.client, 'all_symbol_detail')).toBe(0);
    await expect(connect(url, { username: 'alice', password: 'stolen' })).rejects.toThrow(
      /Bad username or password/i,
    );
    await expect(
      connect(url, { username: 'alice', password: 'token-when-db-down' }),
    ).rejects.toThrow(/Server unavailable/i);
  });

  it("refuses a client id held by another user's client, and lets the same user take it over", async () => {
    const { url } = await embedded();
    const owner = await connect(url, {
      username: 'alice',
      password: 'token-alice',
      clientId: 'alice-phone',
    });
    expect(await granted(owner.client, 'refresh_alice')).toBe(0);
    let ownerClosed = false;
    owner.client.on('close', () => (ownerClosed = true));

    // Anonymous, or signed in as someone else: refused, and the owner stays connected.
    await expect(connect(url, { clientId: 'alice-phone' })).rejects.toThrow(/Identifier rejected/i);
    await expect(
      connect(url, { clientId: 'alice-phone', username: 'just-a-name', clean: false }),
    ).rejects.toThrow(/Identifier rejected/i);
    await expect(
      connect(url, { clientId: 'alice-phone', username: 'bob', password: 'token-bob' }),
    ).rejects.toThrow(/Identifier rejected/i);
    await sleep(100);
    expect(ownerClosed).toBe(false);
    broker!.publishUserRefresh('alice', { n: 1 });
    await until(() => owner.received.length === 1);

    // The same user reconnecting (e.g. before the old connection timed out) takes it over.
    const again = await connect(url, {
      username: 'alice',
      password: 'token-alice',
      clientId: 'alice-phone',
    });
    await until(() => ownerClosed);
    expect(await granted(again.client, 'refresh_alice')).toBe(0);
    // Once the owner left, the id is free for anyone.
    await again.client.endAsync(true);
    await sleep(100);
    await connect(url, { clientId: 'alice-phone' });
  });

  it('asks the session store again when a private topic is subscribed', async () => {
    const { url } = await embedded();
    const stale = await connect(url, { username: 'carol', password: 'token-stale' });
    let closed = false;
    stale.client.on('close', () => (closed = true));
    // No SUBACK comes: the client is cut off instead, as a revoked session's would be.
    stale.client.subscribe('refresh_carol', () => undefined);
    await until(() => closed, 1000);
    broker!.publishUserRefresh('carol', { n: 1 });
    await sleep(100);
    expect(stale.received).toEqual([]);
  });

  it('refuses a publish from a client and disconnects it', async () => {
    const { url } = await embedded();
    const reader = await connect(url, { username: 'alice', password: 'token-alice' });
    await reader.client.subscribeAsync(['all_symbol_detail', 'refresh_alice']);
    const writer = await connect(url, { username: 'alice', password: 'token-alice' });
    let closed = false;
    writer.client.on('close', () => (closed = true));
    writer.client.publish('refresh_alice', 'forged');
    writer.client.publish('all_symbol_detail', 'forged');
    await until(() => closed);
    await sleep(100);
    expect(reader.received).toEqual([]);
  });

  it('reports the broker in health', async () => {
    await embedded();
    const health = createHealthService({
      database: { ping: async () => undefined, driver: 'sqlite' } as never,
      version: '1',
      deploymentId: 'd',
      startedAt: new Date(),
      engine: { store: 'file', leads: true, seq: () => 0 },
      probes: { broker: () => broker!.status() },
    });
    expect((await health.check()).components.broker.status).toBe('up');
    await broker!.close();
    const after = await health.check();
    expect(after.components.broker.status).toBe('down');
    expect(after.status).toBe('degraded');
  });
});

const externalUrl = process.env.TEST_MQTT_URL;

describe.skipIf(!externalUrl)('external MQTT broker (TEST_MQTT_URL)', () => {
  it('publishes the tickers to the external broker, and never a user refresh', async () => {
    const feed = new FakeFeed();
    const server = await startServer(async (a) => {
      broker = await startBroker(a, { sessions, mqttUrl: externalUrl });
      const stop = publishTickers(broker, feed);
      a.addHook('onClose', async () => stop());
    });
    app = server.app;
    await until(() => broker!.status().status === 'up', 5000);
    const user = `test${Date.now()}`;
    // The external broker cannot check the platform's sessions: anyone could read this.
    const reader = await connect(externalUrl!);
    await reader.client.subscribeAsync(['all_symbol_detail', `refresh_${user}`]);
    broker!.publishUserRefresh(user, { hello: 1 });
    // Another run's retained list may arrive first: wait for this run's price. It is
    // published after the refresh would have been, on the same connection.
    feed.emit({ type: 'ticker', data: ticker('btcusdt', `${user.slice(4)}`) });
    await until(() => reader.received.some((m) => m.payload.includes(user.slice(4))), 3000);
    await sleep(200);
    expect(reader.received.filter((m) => m.topic === `refresh_${user}`)).toEqual([]);
    // Leave no retained test data behind on the shared broker.
    await reader.client.publishAsync('all_symbol_detail', '', { retain: true });
  });
});
