// The platform side of the order benchmark, in its own process so its CPU and memory are
// its own: the real platform (SQLite, journal with fsync, embedded broker, simulated index
// and market makers) listening on a loopback port with a fresh DATA_DIR.
//
// BENCH-ONLY SEEDING: the bench users are registered through the real register call and
// then funded straight through `engine.deposit`, since no deposit call exists yet. Nothing
// here is reachable from a product path.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { buildPlatform } from '../../src/app.ts';
import { loadConfig } from '../../src/kernel/config.ts';
import {
  BENCH_MARKETS,
  type BenchKey,
  type FromServer,
  type Quote,
  type ToServer,
} from './protocol.ts';

const USERS = Number(process.env.ORDERS_USERS ?? 200);
/** Enough of every coin that no bench user runs short during a run. */
const FUNDS: Record<string, string> = {
  USDT: '100000000',
  BTC: '1000',
  ETH: '10000',
  SOL: '100000',
  BNB: '100000',
};

const send = (message: FromServer) => process.send?.(message);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-orders-'));
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-web-'));

const config = loadConfig(
  {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST: webDist,
    DEMO_MODE: 'false',
    // The makers' quotes are the book the crossing orders take from.
    MARKET_MAKERS: 'true',
    // Simulated history only costs start-up time; the live market runs as usual.
    MARKET_HISTORY_DAYS: '0',
    LOG_LEVEL: process.env.ORDERS_LOG_LEVEL ?? 'info',
    // BENCH-ONLY: a throwaway key for the bench users' HMAC secrets at rest, and no per-key
    // limit, so the signed run measures signing and checking rather than the limiter.
    API_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    API_KEY_PER_MINUTE: '1000000',
  },
  'bench',
);
const platform = await buildPlatform(config);
const { app, engine } = platform;
await app.ready();

const seedStart = performance.now();
const users: Array<{ id: string; token: string; key: BenchKey }> = [];
const register = async (i: number) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    // One address per user, so the per-address sign-up limit applies as it would to people.
    remoteAddress: `10.77.${i >> 8}.${i & 255}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      type: 'account',
      account: `bench${String(i).padStart(5, '0')}`,
      password: 'Bench12345',
      confirmPassword: 'Bench12345',
    }),
  });
  const body = res.json() as {
    code: number;
    msg: string;
    data: { token: string; userInfo: { id: string } };
  };
  if (body.code !== 200) throw new Error(`register bench user ${i}: ${body.msg}`);
  const id = body.data.userInfo.id;
  for (const [asset, amount] of Object.entries(FUNDS)) {
    const ack = await engine.deposit(id, asset, amount, `bench-seed-${id}-${asset}`);
    if (ack.events.some((e) => e.type === 'rejected')) throw new Error(`deposit ${asset} refused`);
  }
  const made = await app.inject({
    method: 'POST',
    url: '/api/core/coin/member/api',
    remoteAddress: `10.77.${i >> 8}.${i & 255}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${body.data.token}` },
    payload: JSON.stringify({ label: 'bench', scopes: ['read', 'trade'] }),
  });
  const key = made.json() as { code: number; msg: string; data: BenchKey };
  if (key.code !== 200) throw new Error(`API key of bench user ${i}: ${key.msg}`);
  users.push({
    id,
    token: body.data.token,
    key: { apiKey: key.data.apiKey, secret: key.data.secret },
  });
};
for (let i = 0; i < USERS; i += 8) {
  await Promise.all(Array.from({ length: Math.min(8, USERS - i) }, (_, k) => register(i + k)));
}
const seedMs = performance.now() - seedStart;

// The market makers quote on the first index tick; the bench prices its orders off them.
const quotes: Quote[] = [];
for (const symbol of BENCH_MARKETS) {
  for (let waited = 0; ; waited += 100) {
    const depth = engine.depth(symbol, 1);
    if (depth && depth.bids[0] && depth.asks[0]) {
      quotes.push({ symbol, bid: depth.bids[0][0], ask: depth.asks[0][0] });
      break;
    }
    if (waited > 20_000) throw new Error(`no quotes in ${symbol}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');

let peakRss = 0;
let sampler: NodeJS.Timeout | undefined;
let cpuBefore = process.cpuUsage();
let began = performance.now();

// ORDERS_CPU_PROF=<dir>: a CPU profile of the measured part only (not start-up or seeding).
const profileDir = process.env.ORDERS_CPU_PROF;
const inspector = profileDir ? new Session() : undefined;
let profiling = false;

process.on('message', async (message: ToServer) => {
  if (message.cmd === 'measure') {
    if (inspector) {
      // Each measured run (by session, then signed) gets its own profile.
      if (!profiling) {
        inspector.connect();
        await inspector.post('Profiler.enable');
        profiling = true;
      }
      await inspector.post('Profiler.start');
    }
    peakRss = process.memoryUsage().rss;
    sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 250);
    cpuBefore = process.cpuUsage();
    began = performance.now();
    send({ event: 'measuring' });
  } else if (message.cmd === 'report') {
    void report();
  } else {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webDist, { recursive: true, force: true });
    process.exit(0);
  }
});
send({
  event: 'ready',
  port: address.port,
  tokens: users.map((u) => u.token),
  keys: users.map((u) => u.key),
  quotes,
  seedMs,
});

async function report(): Promise<void> {
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpuBefore);
  const wall = performance.now() - began;
  if (inspector && profileDir) {
    const { profile } = await inspector.post('Profiler.stop');
    const file = path.join(profileDir, `orders-${Date.now()}.cpuprofile`);
    fs.mkdirSync(profileDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(profile));
    console.error(`CPU profile of the measured run: ${file}`);
  }
  await engine.projected();
  const db = platform.database.db;
  const ids = users.map((u) => u.id);
  const count = async (open: boolean) => {
    let query = db.selectFrom('trade_orders').where('user_id', 'in', ids);
    if (open) query = query.where('status', 'in', ['open', 'waiting']);
    const row = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const fills = await db
    .selectFrom('trade_fills')
    .where((eb) => eb.or([eb('maker_user_id', 'in', ids), eb('taker_user_id', 'in', ids)]))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  send({
    event: 'report',
    peakRssMb: peakRss / 1048576,
    cpuPercent: ((cpu.user + cpu.system) / 1000 / wall) * 100,
    orders: await count(false),
    open: await count(true),
    fills: Number(fills.n),
    engineSeq: engine.seq,
  });
}
