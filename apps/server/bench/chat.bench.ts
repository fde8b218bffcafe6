// Customer-service chat: a signed-in user's messages, each written (message row and the
// conversation's counters in one transaction) and pushed to the user's MQTT chat topic
// through the embedded broker. Timed: from the send call to the message's arrival on the
// topic, one at a time (latency) and 32 at a time (throughput); then an operator's reply,
// from the desk's call to the user's topic. SQLite, as `npm start` runs it.
import mqtt from 'mqtt';
import { buildPlatform } from '../src/app.ts';
import { loadConfig } from '../src/kernel/config.ts';
import { tempDir } from '../test/helpers.ts';
import { signInOperator } from '../test/operator-helpers.ts';

const SEQUENTIAL = 500;
const PARALLEL = 2_000;
const CONCURRENCY = 32;
const REPLIES = 300;

const config = loadConfig(
  {
    DATA_DIR: tempDir('meridian-bench-chat-'),
    LOG_LEVEL: 'silent',
    WEB_DIST: tempDir(),
    MARKET_HISTORY_DAYS: '0',
    MARKET_MAKERS: 'false',
    MARKET_TICK_MS: '60000',
    DEMO_MODE: 'true',
  },
  'bench',
);
const platform = await buildPlatform(config, { logger: false });
await platform.app.listen({ port: 0, host: '127.0.0.1' });
const address = platform.app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const { app } = platform;

const login = await app.inject({
  method: 'POST',
  url: '/api/user/login',
  payload: { type: 'email', username: 'demo1@meridian.local', password: 'Demo1234' },
});
const token = (login.json() as { data: { token: string } }).data.token;
const state = await app.inject({
  method: 'GET',
  url: '/api/chat/state',
  headers: { authorization: `Bearer ${token}` },
});
const { chatKey, topic } = (state.json() as { data: { chatKey: string; topic: string } }).data;

const client = mqtt.connect(`ws://127.0.0.1:${address.port}/mqtt`, {
  username: 'bench',
  password: token,
  keepalive: 5,
  reconnectPeriod: 0,
});
await new Promise<void>((resolve, reject) => {
  client.once('connect', () => resolve());
  client.once('error', reject);
});
await client.subscribeAsync(topic);
const arrived = new Map<string, number>();
const waiters = new Map<string, () => void>();
client.on('message', (_topic, payload) => {
  const event = JSON.parse(String(payload)) as { record: { content: string } };
  arrived.set(event.record.content, performance.now());
  waiters.get(event.record.content)?.();
});
const arrival = (content: string) =>
  arrived.has(content)
    ? Promise.resolve()
    : new Promise<void>((resolve) => waiters.set(content, resolve));

// Each call from its own address: the send call allows 60 a minute per address.
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};
async function send(content: string): Promise<number> {
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/core/coin/buy/sendChatRecord',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ content, contentType: 1, chatId: chatKey }),
    remoteAddress: nextAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`send refused: ${res.body}`);
  await arrival(content);
  return arrived.get(content)! - started;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
function report(label: string, latencies: number[], elapsedMs: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const perSecond = Math.round((latencies.length / elapsedMs) * 1000);
  console.log(
    `${label}: ${latencies.length} messages, ${perSecond} msg/s, send-to-topic p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms`,
  );
}

for (let i = 0; i < 50; i++) await send(`warm-up ${i}`);

let started = performance.now();
const one: number[] = [];
for (let i = 0; i < SEQUENTIAL; i++) one.push(await send(`one ${i}`));
report('user, one at a time', one, performance.now() - started);

started = performance.now();
const many: number[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < PARALLEL) {
      const i = next++;
      many.push(await send(`many ${i}`));
    }
  }),
);
report(`user, ${CONCURRENCY} at a time`, many, performance.now() - started);

// The desk: the support operator takes the conversation and answers, one at a time.
const support = await signInOperator(platform, 'support');
const queue = await app.inject({
  method: 'GET',
  url: '/api/ops/chat/conversations?view=unassigned',
  headers: support.headers,
});
const conversation = (queue.json() as { data: { records: Array<{ id: string }> } }).data.records[0]!
  .id;
await app.inject({
  method: 'POST',
  url: `/api/ops/chat/conversations/${conversation}/claim`,
  headers: support.headers,
});
started = performance.now();
const replies: number[] = [];
for (let i = 0; i < REPLIES; i++) {
  const content = `reply ${i}`;
  const t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `/api/ops/chat/conversations/${conversation}/messages`,
    headers: { ...support.headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ content, contentType: 1 }),
  });
  if (res.statusCode !== 200) throw new Error(`reply refused: ${res.body}`);
  await arrival(content);
  replies.push(arrived.get(content)! - t0);
}
report('support reply (audited), one at a time', replies, performance.now() - started);

const page = await app.inject({
  method: 'POST',
  url: `/api/core/coin/buy/getChatRecord/${chatKey}`,
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  payload: JSON.stringify({ current: 100, size: 15 }),
});
started = performance.now();
for (let i = 0; i < 200; i++) {
  await app.inject({
    method: 'POST',
    url: `/api/core/coin/buy/getChatRecord/${chatKey}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ current: 1 + (i % 150), size: 15 }),
  });
}
const total = (page.json() as { data: { total: number } }).data.total;
console.log(
  `page of 15 in a ${total}-message chat: ${((performance.now() - started) / 200).toFixed(2)} ms each (200 pages)`,
);

await client.endAsync(true);
await app.close();
