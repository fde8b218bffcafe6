import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildPlatform, type Platform } from '../../src/app.ts';
import { call, seal, TestClock } from '../accounts-helpers.ts';
import { testConfig } from '../helpers.ts';
import { submit, trader, type Trader } from '../../src/modules/spot/test/spot-helpers.ts';
import { sleep } from './ws-helpers.ts';

// The embedded broker of the whole platform, with the identity module's real sessions:
// a logout or a password change must cut off the MQTT clients of the sessions it ends.
let platform: Platform;
let mqttUrl: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  platform = await buildPlatform(testConfig({ DEMO_MODE: 'true', MARKET_MAKERS: 'false' }), {
    logger: false,
    clock: new TestClock(),
  });
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  mqttUrl = `ws://127.0.0.1:${address.port}/mqtt`;
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.endAsync(true);
});
afterAll(async () => {
  await platform.app.close();
});

const tokenOf = (t: Trader) => t.headers.authorization!.replace(/^Bearer /, '');

async function login(email: string): Promise<string> {
  const res = await call(platform.app, 'POST', '/api/user/login', {
    type: 'email',
    username: email,
    password: 'Secret123',
  });
  expect(res.status).toBe(200);
  return res.body.data.token as string;
}

interface Reader {
  client: MqttClient;
  refreshes: string[];
  closedAt: number | null;
}

/** A client signed in with `token` and subscribed to its user's refresh topic. */
async function reader(token: string, userId: string): Promise<Reader> {
  const client = await connect(token);
  const r: Reader = { client, refreshes: [], closedAt: null };
  client.on('message', (_topic, payload) => r.refreshes.push(String(payload)));
  client.on('close', () => (r.closedAt ??= Date.now()));
  expect((await client.subscribeAsync(`refresh_${userId}`))[0]?.qos).toBe(0);
  return r;
}

async function connect(token: string): Promise<MqttClient> {
  // The token is the password; MQTT 3.1.1 allows a password only beside a username.
  const client = mqtt.connect(mqttUrl, {
    username: 'meridian',
    password: token,
    keepalive: 5,
    reconnectPeriod: 0,
  });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
}

async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

/** Places a resting buy, which tells its owner about the order and the held USDT. */
async function placeOrder(t: Trader): Promise<void> {
  const res = await submit(platform, t, {
    symbol: 'btcusdt',
    side: 'buy',
    type: 'limit',
    price: '60000',
    quantity: '0.001',
  });
  expect(res.status).toBe(200);
}

const balances = (r: Reader) => r.refreshes.filter((p) => p.includes('"type":"balance"')).length;

/** Both readers heard the first order; after `end` only `kept` hears the second one. */
async function expectCutOff(t: Trader, doomed: Reader, kept: Reader, end: () => Promise<void>) {
  await placeOrder(t);
  await until(() => balances(doomed) === 1 && balances(kept) === 1);

  await end();
  const endedAt = Date.now();
  await until(() => doomed.closedAt !== null, 1000);
  expect(doomed.closedAt! - endedAt).toBeLessThan(1000);

  const heard = doomed.refreshes.length;
  await placeOrder(t);
  await until(() => balances(kept) === 2);
  await sleep(100);
  expect(doomed.refreshes).toHaveLength(heard);
  expect(kept.closedAt).toBeNull();
}

describe('embedded MQTT broker and revoked sessions', () => {
  it('cuts off the client of a session that logged out, and refuses its token afterwards', async () => {
    const t = await trader(platform, 'mqtt-logout@example.org', { USDT: '1000' });
    const token = await login('mqtt-logout@example.org');
    const doomed = await reader(token, t.id);
    const kept = await reader(tokenOf(t), t.id);

    await expectCutOff(t, doomed, kept, async () => {
      const res = await call(platform.app, 'POST', '/api/user/logout', undefined, {
        authorization: `Bearer ${token}`,
      });
      expect(res.status).toBe(200);
    });
    await expect(connect(token)).rejects.toThrow(/Bad username or password/i);
  });

  it("cuts off the other sessions' clients on a password change", async () => {
    const t = await trader(platform, 'mqtt-password@example.org', { USDT: '1000' });
    const elsewhere = await login('mqtt-password@example.org');
    const doomed = await reader(elsewhere, t.id);
    // The session that changes the password stays signed in, and so does its client.
    const kept = await reader(tokenOf(t), t.id);

    await expectCutOff(t, doomed, kept, async () => {
      const sealed = await seal(platform.app, {
        oldPassword: 'Secret123',
        newPassword: 'Newpass456',
        confirmPassword: 'Newpass456',
      });
      const res = await call(
        platform.app,
        'POST',
        '/api/user/updateUserLoginPwd',
        sealed,
        t.headers,
      );
      expect(res.status).toBe(200);
    });
    await expect(connect(elsewhere)).rejects.toThrow(/Bad username or password/i);
  });
});
