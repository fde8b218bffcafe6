import mqtt from 'mqtt';
import { afterEach, expect, it } from 'vitest';
import { systemClock } from '../../src/accounts/clock.ts';
import { createSessionService } from '../../src/accounts/sessions.ts';
import { buildPlatform, type Platform } from '../../src/app.ts';
import { registerMarketSocket } from '../../src/realtime/market-socket.ts';
import { startBroker } from '../../src/realtime/mqtt/broker.ts';
import { testConfig } from '../helpers.ts';
import { FakeFeed, ticker } from './fake-feed.ts';
import { TestSocket } from './ws-helpers.ts';

let platform: Platform | undefined;

afterEach(async () => {
  await platform?.app.close();
  platform = undefined;
});

// The way the integrator wires realtime into buildPlatform's app, before it listens.
it('serves the market socket and the embedded broker beside the platform calls', async () => {
  platform = await buildPlatform(testConfig(), { logger: false });
  const feed = new FakeFeed();
  const sessions = createSessionService(platform.database.db, systemClock);
  await registerMarketSocket(platform.app, { feed });
  const broker = await startBroker(platform.app, { sessions, feed });
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');

  const socket = await TestSocket.open(`ws://127.0.0.1:${address.port}/ws/abc123`);
  socket.send({ op: 'sub', type: 'DETAIL', symbol: 'all' });
  await socket.waitFor((m) => m.snapshot === true);

  const client = mqtt.connect(`ws://127.0.0.1:${address.port}/mqtt`, {
    keepalive: 5,
    reconnectPeriod: 0,
  });
  await new Promise((resolve) => client.once('connect', resolve));
  await client.subscribeAsync('all_symbol_detail');
  const received = new Promise<string>((resolve) =>
    client.once('message', (_topic, payload) => resolve(String(payload))),
  );
  feed.emit({ type: 'ticker', data: ticker('btcusdt', '123') });
  expect(await received).toContain('"close":"123"');
  expect(broker.status().status).toBe('up');
  await client.endAsync(true);
  socket.close();

  const health = await platform.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
});
