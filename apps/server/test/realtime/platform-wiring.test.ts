import mqtt from 'mqtt';
import { afterEach, expect, it } from 'vitest';
import { buildPlatform, type Platform } from '../../src/app.ts';
import { testConfig } from '../helpers.ts';
import { TestSocket } from './ws-helpers.ts';

let platform: Platform | undefined;

afterEach(async () => {
  await platform?.app.close();
  platform = undefined;
});

// buildPlatform wires the market socket and the embedded broker to the real market data.
it('serves the market socket and the embedded broker beside the platform calls', async () => {
  platform = await buildPlatform(testConfig({ MARKET_TICK_MS: '100' }), { logger: false });
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');

  const socket = await TestSocket.open(`ws://127.0.0.1:${address.port}/ws/abc123`);
  socket.send({ op: 'sub', type: 'DETAIL', symbol: 'all' });
  const snapshot = await socket.waitFor((m) => m.snapshot === true);
  expect(JSON.stringify(snapshot)).toContain('btcusdt');

  const client = mqtt.connect(`ws://127.0.0.1:${address.port}/mqtt`, {
    keepalive: 5,
    reconnectPeriod: 0,
  });
  await new Promise((resolve) => client.once('connect', resolve));
  const received = new Promise<string>((resolve) =>
    client.once('message', (_topic, payload) => resolve(String(payload))),
  );
  await client.subscribeAsync('all_symbol_detail');
  expect(await received).toContain('"symbol":"btcusdt"');
  await client.endAsync(true);
  socket.close();

  const health = await platform.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.json().data.components).toMatchObject({
    broker: { status: 'up' },
    market: { status: 'up', detail: 'simulated' },
  });
});
