// Earn accrual: one daily run over 100,000 orders (issue 22). Timed from the run's start
// to: every day paid in the engine (journalled and fsynced, batches of 1,000) and recorded
// in SQL under its (order, day) key with each order's paid-day count moved on; then the
// ledger postings projected into SQL; then a second run the same day (nothing due). SQLite,
// as `npm start` runs it.
import { dueAt, earnFundingPool, poolAccount, systemAccount } from '@meridian/core';
import { buildPlatform } from '../src/app.ts';
import { loadConfig } from '../src/kernel/config.ts';
import { earnOf } from '../src/modules/earn/index.ts';
import type { EarnDb, EarnTables } from '../src/modules/earn/tables.ts';
import { tempDir } from '../test/helpers.ts';

const ORDERS = 100_000;
const USERS = 1_000;
const PRODUCT = 'bench-usdt-30';
const TZ = 'Asia/Hong_Kong';
const SUBSCRIBED = '2026-11-22';
const PRINCIPAL = 100_000_000n; // 100 USDT
const DAILY = 120_000n; // 0.12 %

let now = Date.parse('2026-11-22T08:00:00.000Z');
const config = loadConfig(
  {
    DATA_DIR: tempDir('meridian-bench-accrual-'),
    LOG_LEVEL: 'silent',
    WEB_DIST: tempDir(),
    MARKET_HISTORY_DAYS: '0',
    MARKET_MAKERS: 'false',
    MARKET_TICK_MS: '60000',
    DEMO_MODE: 'false',
  },
  'bench',
);
const platform = await buildPlatform(config, {
  logger: false,
  clock: { now: () => new Date(now) },
});
await platform.app.ready();
const { engine } = platform;
const db = platform.database.db.withTables<EarnTables>() as unknown as EarnDb;
const user = (u: number) => `9${String(u).padStart(7, '0')}`;

const setup = performance.now();
await db
  .insertInto('earn_products')
  .values({
    id: PRODUCT,
    kind: 'pledge',
    section: null,
    coin: 'USDT',
    min_units: '1000000',
    max_units: '1000000000000',
    daily_rate: '0.0012',
    cycle_days: 30,
    per_user_limit: 1000,
    capacity_units: String(PRINCIPAL * BigInt(ORDERS)),
    subscribed_units: String(PRINCIPAL * BigInt(ORDERS)),
    penalty_rate: '0.03',
    time_zone: TZ,
    vip_only: 0,
    state: 'active',
    created_at: now,
    updated_at: now,
  })
  .execute();
await engine.adjust(
  systemAccount('operator_capital', 'USDT'),
  poolAccount(earnFundingPool(PRODUCT), 'USDT'),
  'USDT',
  String((DAILY * 30n * BigInt(ORDERS)) / 1_000_000n),
  'bench-fund',
);
const perUser = ORDERS / USERS;
for (let u = 0; u < USERS; u++) {
  const amount = String((PRINCIPAL * BigInt(perUser)) / 1_000_000n);
  await engine.deposit(user(u), 'USDT', amount, `bench-${u}`);
  await engine.transfer(user(u), 'USDT', { from: 'spot', to: 'finance' }, amount, `bench-t-${u}`);
}
const opens: Array<Promise<unknown>> = [];
const rows = [];
for (let i = 0; i < ORDERS; i++) {
  const id = `bench${String(i).padStart(7, '0')}`;
  opens.push(
    engine.submit({
      type: 'earn',
      op: 'open',
      position: id,
      product: PRODUCT,
      user: user(i % USERS),
      asset: 'USDT',
      principal: PRINCIPAL,
      daily: DAILY,
      days: 30,
    }),
  );
  rows.push({
    id,
    user_id: user(i % USERS),
    product_id: PRODUCT,
    kind: 'pledge' as const,
    section: null,
    coin: 'USDT',
    principal_units: String(PRINCIPAL),
    daily_rate: '0.0012',
    daily_units: String(DAILY),
    cycle_days: 30,
    penalty_rate: '0.03',
    time_zone: TZ,
    subscribed_date: SUBSCRIBED,
    start_date: '2026-11-23',
    end_date: '2026-12-22',
    paid_days: 0,
    next_due_at: dueAt(SUBSCRIBED, 1, TZ),
    state: 'active' as const,
    penalty_units: '0',
    returned_units: '0',
    created_at: now,
    closed_at: null,
  });
}
await Promise.all(opens);
for (let i = 0; i < rows.length; i += 500) {
  await db
    .insertInto('earn_positions')
    .values(rows.slice(i, i + 500))
    .execute();
}
await engine.projected();
const setupMs = performance.now() - setup;

// One hour into the first day's local date: day 1 of every order is due.
now = dueAt(SUBSCRIBED, 1, TZ) + 3_600_000;
const accrual = earnOf(platform.app).accrual;
const began = performance.now();
const report = await accrual.run();
const runMs = performance.now() - began;
await engine.projected();
const projectedMs = performance.now() - began;
const again = performance.now();
const second = await accrual.run();
const againMs = performance.now() - again;
if (report.paid !== ORDERS || second.paid !== 0) {
  throw new Error(`paid ${report.paid}, then ${second.paid}`);
}
const recorded = await db
  .selectFrom('earn_accruals')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
if (Number(recorded.n) !== ORDERS) throw new Error(`recorded ${recorded.n}`);

console.log(
  `setup: ${ORDERS.toLocaleString('en')} orders of ${USERS} users in ${(setupMs / 1000).toFixed(1)} s`,
);
console.log(
  `daily run over ${ORDERS.toLocaleString('en')} orders: ${runMs.toFixed(0)} ms ` +
    `(${Math.round(ORDERS / (runMs / 1000)).toLocaleString('en')} orders/s): paid in the engine and recorded in SQL`,
);
console.log(`  with the ledger postings projected into SQL: ${projectedMs.toFixed(0)} ms`);
console.log(`second run the same day (nothing due): ${againMs.toFixed(1)} ms`);
await platform.app.close();
