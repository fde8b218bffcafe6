import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import sharp from 'sharp';
import { buildPlatform, type Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import { auth, call, latestCode, rememberPlatform } from '../../../../test/accounts-helpers.ts';
import { testConfig, type TestDatabase } from '../../../../test/helpers.ts';
import { TestSocket } from '../../../../test/realtime/ws-helpers.ts';

export { call };

export interface ChatUser {
  id: string;
  email: string;
  token: string;
  chatKey: string;
  headers: Record<string, string>;
}

export interface Started {
  platform: Platform;
  app: FastifyInstance;
  port: number;
  close(): Promise<void>;
}

/** A platform on a free port (sockets and the embedded broker need one) over `db`. */
export async function startChat(db: TestDatabase): Promise<Started> {
  const database: Database = db.open();
  const platform = rememberPlatform(
    await buildPlatform(
      testConfig({ DEMO_MODE: 'false', MARKET_MAKERS: 'false', MARKET_TICK_MS: '60000' }),
      { logger: false, database },
    ),
  );
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    platform,
    app: platform.app,
    port: address.port,
    close: async () => {
      await platform.app.close();
      await database.close();
    },
  };
}

let addresses = 0;

/** A new signed-in user, registered from an address of its own (sign-up is rate limited). */
export async function chatUser(app: FastifyInstance, name: string): Promise<ChatUser> {
  const email = `${name}-${randomUUID().slice(0, 8)}@example.org`;
  addresses += 1;
  const remoteAddress = `10.24.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, remoteAddress });
  const sent = await post('/api/user/sendEmailCode', { email, purpose: 'register' });
  if (sent.statusCode !== 200) throw new Error(`sendEmailCode: ${sent.body}`);
  const code = await latestCode(app, email);
  const res = await post('/api/user/register', {
    type: 'email',
    email,
    code,
    password: 'Secret123',
  });
  if (res.statusCode !== 200) throw new Error(`register: ${res.body}`);
  const { token, userInfo } = res.json().data as {
    token: string;
    userInfo: { id: string; chatKey: string };
  };
  return { id: userInfo.id, email, token, chatKey: userInfo.chatKey, headers: auth(token) };
}

export const SEND = '/api/core/coin/buy/sendChatRecord';
export const page = (key: string) => `/api/core/coin/buy/getChatRecord/${encodeURIComponent(key)}`;

export function send(app: FastifyInstance, user: ChatUser, content: string, extra = {}) {
  return call(
    app,
    'POST',
    SEND,
    { content, contentType: 1, chatId: user.chatKey, ...extra },
    user.headers,
  );
}

/** A picture large enough for the upload rule (300 px on the shorter side). */
export const picture = (format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width: 420, height: 360, channels: 3, background: '#3a7bd5' } })
    .toFormat(format)
    .toBuffer();

/** Posts `file` as a browser's FormData does, to `url`, with an optional `type` field. */
export async function postForm(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  file: Buffer,
  type?: string,
) {
  const boundary = `----meridian${randomUUID().replace(/-/g, '')}`;
  const part = (head: string, body: Buffer | string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`),
      Buffer.isBuffer(body) ? body : Buffer.from(body),
      Buffer.from('\r\n'),
    ]);
  const payload = Buffer.concat([
    ...(type ? [part('Content-Disposition: form-data; name="type"', type)] : []),
    part(
      'Content-Disposition: form-data; name="file"; filename="picture.png"\r\nContent-Type: image/png',
      file,
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
    remoteAddress: `10.24.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json() as { msg: string; data: any } };
}

/** The user's socket, authenticated, keeping every chat event. */
export async function userSocket(port: number, user: ChatUser): Promise<TestSocket> {
  const socket = await TestSocket.open(`ws://127.0.0.1:${port}/ws/coin/${user.id}`);
  socket.send({ op: 'auth', token: user.token });
  await socket.waitFor((m) => (m.data as { type?: string } | undefined)?.type === 'ready');
  return socket;
}

export const chatEvents = (socket: TestSocket) =>
  socket.messages
    .map((m) => m.data as { type?: string; record?: { content: string; sender: string } })
    .filter((d) => d?.type === 'chat');

/** An MQTT client signed in with `token` (the password), collecting what it receives. */
export async function mqttClient(port: number, token: string | null) {
  const client: MqttClient = mqtt.connect(`ws://127.0.0.1:${port}/mqtt`, {
    ...(token ? { username: 'meridian', password: token } : {}),
    keepalive: 5,
    reconnectPeriod: 0,
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  const received: Array<{ topic: string; payload: string }> = [];
  client.on('message', (topic, payload) => received.push({ topic, payload: String(payload) }));
  return { client, received };
}

export async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The QoS granted for `topic`; 128 is the broker's refusal (mqtt.js throws on it). */
export async function granted(client: MqttClient, topic: string): Promise<number> {
  try {
    const result = await client.subscribeAsync(topic, { qos: 0 });
    return result[0]?.qos ?? -1;
  } catch (error) {
    const packet = (error as { packet?: { granted?: number[] } }).packet;
    return packet?.granted?.[0] ?? -1;
  }
}
