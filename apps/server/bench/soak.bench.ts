// `npm run bench -- soak` (issue 27): the default start (demo, simulated market, market
// makers, simulated flow, three days of history) in accelerated time for SOAK_DAYS days.
// Each simulated day runs the market at full speed for SOAK_SECONDS_PER_DAY real seconds
// with ticks SOAK_SPEED times faster than `npm start` (so that many simulated seconds of
// market per real second), then the clock jumps to the next day and housekeeping runs as
// its schedule would. Printed per day: the data folder's size, rows of the hot tables, a
// user's order-history and bills page timings; then the growth per simulated day scaled
// from the sampled seconds to a whole day, and peak memory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPlatform } from '../src/app.ts';
import { loadConfig } from '../src/kernel/config.ts';
import { auth, call, registerByEmail, rememberPlatform } from '../test/accounts-helpers.ts';

const DAYS = Number(process.env.SOAK_DAYS ?? 30);
const SECONDS_PER_DAY = Number(process.env.SOAK_SECONDS_PER_DAY ?? 8);
const SPEED = Number(process.env.SOAK_SPEED ?? 20);
const TICK_MS = Math.max(10, Math.round(1000 / SPEED));
const DAY = 86_400_000;
const SAMPLES = 15;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-soak-'));
// The clock every part reads: simulated time runs SPEED times faster than real time and
// jumps forward between days; it never goes back.
let base = Date.parse('2026-12-01T00:00:00.000Z');
let realStart = performance.now();
const now = () => Math.floor(base + (performance.now() - realStart) * SPEED);
const jumpTo = (ms: number) => {
  base = Math.max(ms, now() + 1);
  realStart = performance.now();
};

const config = loadConfig(
  {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-soak-web-')),
    DEMO_MODE: 'true',
    MARKET_TICK_MS: String(TICK_MS),
  },
  '0.0.0-soak',
);
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 200);

const platform = await buildPlatform(config, {
  logger: false,
  clock: { now: () => new Date(now()) },
  engineClock: now,
  // Housekeeping runs once per simulated day below, as its ten-minute schedule would.
  housekeepingEveryMs: 24 * 3_600_000,
});
rememberPlatform(platform);
await platform.app.ready();
const { app, engine } = platform;
const head = config.head;
const EMAIL = 'soak@example.org';
const PASSWORD = 'Secret123';
const user = (await registerByEmail(app, EMAIL, PASSWORD)).userInfo.id;
await engine.deposit(user, 'USDT', '10000000', 'soak-usdt');

/** The bytes in use: SQLite's pages less its free ones, and the engine's files. */
function usedBytes(): number {
  const file = platform.database.sqlite!;
  const pages = Number(file.pragma('page_count', { simple: true }));
  const free = Number(file.pragma('freelist_count', { simple: true }));
  const size = Number(file.pragma('page_size', { simple: true }));
  return (pages - free) * size + folderBytes(path.join(dataDir, 'engine'));
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : fs.statSync(full).size;
  }
  return total;
}

async function rows(table: string): Promise<number> {
  const row = (await platform.database.db
    .selectFrom(table)
    .select(({ fn }) => fn.countAll().as('n'))
    .executeTakeFirstOrThrow()) as { n: number | string };
  return Number(row.n);
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A user's own trading of the day: orders resting and cancelled, and small market buys. */
async function userDay(day: number) {
  for (let i = 0; i < 10; i++) {
    const resting = await engine.placeOrder({
      user,
      market: 'btcusdt',
      side: 'buy',
      kind: 'limit',
      tif: 'GTC',
      price: '1000',
      quantity: '0.01',
    });
    if (i % 2 === 0 && resting.seq) await engine.cancelOrder(user, 'btcusdt', resting.seq);
    await engine.placeOrder({
      user,
      market: 'ethusdt',
      side: 'buy',
      kind: 'market',
      quoteAmount: '20',
      clientRef: `soak-${day}-${i}`,
    });
  }
}

async function pageTimings() {
  const login = await call(app, 'POST', '/api/user/login', {
    type: 'email',
    username: EMAIL,
    password: PASSWORD,
  });
  if (login.status !== 200 || !login.body.data) throw new Error(`login: ${login.body.msg}`);
  const headers = auth(login.body.data.token as string);
  const time = async (method: 'POST', url: string, body: unknown) => {
    const took: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const began = performance.now();
      const res = await call(app, method, url, body, headers);
      took.push(performance.now() - began);
      if (res.status !== 200) throw new Error(`${url}: ${res.body.msg}`);
    }
    return median(took);
  };
  return {
    orders: await time('POST', '/api/order/list', { page: 1, size: 20 }),
    history: await time('POST', '/api/order/list', { status: 'all', page: 5, size: 20 }),
    bills: await time('POST', `/api/${head}/coin/assets/getMyBill`, { page: 1, size: 20 }),
  };
}

const MB = 1024 * 1024;
const first = Date.parse('2026-12-01T00:00:00.000Z');
const results: Array<{
  day: number;
  bytes: number;
  files: number;
  orders: number;
  fills: number;
  postings: number;
  timings: Awaited<ReturnType<typeof pageTimings>>;
}> = [];
console.log(
  `soak: ${DAYS} simulated days; each day ${SECONDS_PER_DAY} s of market at ${SPEED}x ` +
    `(${SECONDS_PER_DAY * SPEED} simulated seconds, ticks every ${TICK_MS} ms), then housekeeping`,
);
console.log('day  used MB  files MB  orders  fills  postings  orders ms  history ms  bills ms');
const startBytes = usedBytes();
for (let day = 1; day <= DAYS; day++) {
  jumpTo(first + (day - 1) * DAY);
  // The user trades on day 1 only: the same history is read on every day, so its page
  // timings show what the tables' growth costs.
  if (day === 1) await userDay(day);
  await new Promise((resolve) => setTimeout(resolve, SECONDS_PER_DAY * 1000));
  await engine.projected();
  await platform.marketRuntime.ticks.prune(now());
  await platform.housekeeping.runNow();
  const entry = {
    day,
    bytes: usedBytes(),
    files: folderBytes(dataDir),
    orders: await rows('trade_orders'),
    fills: await rows('trade_fills'),
    postings: await rows('ledger_postings'),
    timings: await pageTimings(),
  };
  results.push(entry);
  const t = entry.timings;
  console.log(
    `${String(day).padStart(3)}  ${(entry.bytes / MB).toFixed(1).padStart(7)}  ` +
      `${(entry.files / MB).toFixed(1).padStart(8)}  ` +
      `${String(entry.orders).padStart(6)}  ${String(entry.fills).padStart(5)}  ` +
      `${String(entry.postings).padStart(8)}  ${t.orders.toFixed(2).padStart(9)}  ` +
      `${t.history.toFixed(2).padStart(10)}  ${t.bills.toFixed(2).padStart(8)}`,
  );
}
const last = results.at(-1)!;

/**
 * The sampled days hold a 540th of a month's rows, so their page timings say little about
 * a month's tables. This grows the makers' and the flow's rows (orders, fills, postings:
 * copies of the sampled ones under new ids) to the month the scaled figures describe, then
 * measures the data and the pages again. Copies straight into SQLite, for this figure only:
 * the folder is thrown away after.
 */
async function growToMonth(target: { orders: number; fills: number; postings: number }) {
  const file = platform.database.sqlite!;
  const grow = (table: string, where: string, want: number) => {
    const columns = (file.pragma(`table_info(${table})`) as Array<{ name: string }>).map(
      (c) => c.name,
    );
    const rest = columns.filter((c) => c !== 'id');
    const count = () =>
      Number((file.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n);
    while (count() < want) {
      file.exec(
        `insert into ${table} (id, ${rest.join(', ')}) ` +
          `select id + (select max(id) from ${table}), ${rest.join(', ')} from ${table} ` +
          `where ${where} limit ${want - count()}`,
      );
    }
  };
  // Only rows of the operator's accounts: the user's own rows stay as they were.
  grow('trade_orders', "user_id like 'mm.%'", target.orders);
  grow('trade_fills', "maker_user_id like 'mm.%' and taker_user_id like 'mm.%'", target.fills);
  grow(
    'ledger_postings',
    "(from_account like 'm:%' or to_account like 'm:%') and " +
      "from_account not like 'u:%' and to_account not like 'u:%'",
    target.postings,
  );
  file.pragma('wal_checkpoint(TRUNCATE)');
}
const sampledSeconds = SECONDS_PER_DAY * SPEED;
// The sampled rows are DAYS days' worth at 1/scale: grown to 30 whole days.
const monthScale = (86_400 / sampledSeconds) * (30 / DAYS);
await growToMonth({
  orders: Math.round(last.orders * monthScale),
  fills: Math.round(last.fills * monthScale),
  postings: Math.round(last.postings * monthScale),
});
const month = {
  bytes: usedBytes(),
  orders: await rows('trade_orders'),
  fills: await rows('trade_fills'),
  postings: await rows('ledger_postings'),
  timings: await pageTimings(),
};
clearInterval(sampler);
const day1 = results[0]!;
const sampled = SECONDS_PER_DAY * SPEED;
const scale = 86_400 / sampled;
// Growth from the end of day 1 on (the first start writes its history and funding once).
const perDaySampled = (last.bytes - day1.bytes) / Math.max(1, DAYS - 1);
const perDayRows = (k: 'orders' | 'fills' | 'postings') =>
  ((last[k] - day1[k]) / Math.max(1, DAYS - 1)) * scale;
console.log(
  `\ndata in use (SQLite pages less free ones, engine files): ${(startBytes / MB).toFixed(1)} MB after the start, ${(day1.bytes / MB).toFixed(1)} MB ` +
    `after day 1, ${(last.bytes / MB).toFixed(1)} MB after day ${DAYS} (files ${(last.files / MB).toFixed(1)} MB); ` +
    `${(perDaySampled / MB).toFixed(2)} MB per sampled day (${sampled} simulated s)`,
);
console.log(
  `scaled to whole days (x${scale.toFixed(0)}): about ${((perDaySampled * scale) / MB).toFixed(1)} MB ` +
    `a day, ${Math.round(perDayRows('orders'))} orders, ${Math.round(perDayRows('fills'))} fills, ` +
    `${Math.round(perDayRows('postings'))} postings a day kept; 30 days about ` +
    `${((day1.bytes + perDaySampled * scale * 30) / MB / 1024).toFixed(2)} GB`,
);
console.log(
  `page timings, median of ${SAMPLES} (day 1 -> day ${DAYS}): order list ${day1.timings.orders.toFixed(2)} -> ` +
    `${last.timings.orders.toFixed(2)} ms, history page 5 ${day1.timings.history.toFixed(2)} -> ` +
    `${last.timings.history.toFixed(2)} ms, bills ${day1.timings.bills.toFixed(2)} -> ` +
    `${last.timings.bills.toFixed(2)} ms`,
);
console.log(
  `grown to a month's rows (x${monthScale.toFixed(0)} of the sampled, copies of the makers' and ` +
    `the flow's): ${month.orders} orders, ${month.fills} fills, ${month.postings} postings, ` +
    `${(month.bytes / MB).toFixed(0)} MB in use; order list ${month.timings.orders.toFixed(2)} ms, ` +
    `history page 5 ${month.timings.history.toFixed(2)} ms, bills ${month.timings.bills.toFixed(2)} ms`,
);
console.log(`peak memory (rss): ${(peakRss / MB).toFixed(0)} MB`);
await platform.app.close();
await platform.database.close();
// SOAK_KEEP=1 keeps the data folder to look into (sqlite3's dbstat, the engine's files).
if (process.env.SOAK_KEEP) console.log(`data kept in ${dataDir}`);
else fs.rmSync(dataDir, { recursive: true, force: true });
