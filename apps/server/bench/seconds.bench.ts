// Second contracts: 10,000 open contracts expiring in the same second, settled by one
// index tick. Timed from submitting the tick to: the engine's acknowledgement (settled,
// posted to the ledger, journalled and fsynced), every settled row written and every
// "settlement" message handed to the user socket and MQTT, and the ledger postings
// projected into SQL. SQLite, as `npm start` runs it.
import fs from 'node:fs';
import { poolAccount, SECONDS_HELD_POOL } from '@meridian/core';
import { buildPlatform } from '../src/app.ts';
import { loadConfig } from '../src/kernel/config.ts';
import { tempDir } from '../test/helpers.ts';

const CONTRACTS = 10_000;
const USERS = 100;
const SYMBOL = 'btcusdt';
const USDT = 1_000_000n;

let now = Date.parse('2026-11-22T08:00:00.000Z');
const dataDir = tempDir('meridian-bench-seconds-');
const config = loadConfig(
  {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: tempDir(),
    MARKET_HISTORY_DAYS: '0',
    MARKET_MAKERS: 'false',
    MARKET_TICK_MS: '60000',
    DEMO_MODE: 'true',
  },
  'bench',
);
const platform = await buildPlatform(config, { logger: false, engineClock: () => now });
await platform.app.ready();
const { engine } = platform;

let published = 0;
const publish = platform.userSocket.publish.bind(platform.userSocket);
platform.userSocket.publish = (user, event) => {
  if (event.type === 'settlement') published++;
  publish(user, event);
};

await engine.index([[SYMBOL, 65_000n * USDT]]);
for (let u = 0; u < USERS; u++) {
  const ack = await engine.deposit(`9${String(u).padStart(7, '0')}`, 'USDT', '2000', `bench-${u}`);
  if (ack.events[0]?.type !== 'deposited') throw new Error('deposit refused');
}
const setup = performance.now();
const base = now;
const opens: Array<Promise<unknown>> = [];
for (let i = 0; i < CONTRACTS; i++) {
  // All within one second: 10 per millisecond.
  now = base + Math.floor(i / 10);
  opens.push(
    engine.submit({
      type: 'seconds-open',
      user: `9${String(i % USERS).padStart(7, '0')}`,
      market: SYMBOL,
      direction: i % 2 ? 'up' : 'down',
      stake: 10n * USDT,
      charge: 20_000n,
      profitBps: 2_000,
      lossBps: 2_000,
      period: 30,
    }),
  );
}
await Promise.all(opens);
await engine.projected();
if (engine.secondContracts().length !== CONTRACTS) throw new Error('not every contract opened');
const setupMs = performance.now() - setup;

now = base + 31_000;
const began = performance.now();
const ack = await engine.index([[SYMBOL, 65_001n * USDT]]);
const ackMs = performance.now() - began;
await platform.seconds.flushed();
const writtenMs = performance.now() - began;
await engine.projected();
const projectedMs = performance.now() - began;

const settled = ack.events.filter((e) => e.type === 'seconds_settled').length;
const rows = await platform.database.db
  .withTables<{ second_contracts: { id: number } }>()
  .selectFrom('second_contracts')
  .select((eb) => eb.fn.countAll().as('n'))
  .executeTakeFirst();
if (settled !== CONTRACTS || Number(rows?.n) !== CONTRACTS || published !== CONTRACTS)
  throw new Error(`settled ${settled}, rows ${rows?.n}, published ${published}`);
if (engine.accountBalance(poolAccount(SECONDS_HELD_POOL, 'USDT')) !== 0n)
  throw new Error('stakes left in the held pool');

console.log(
  `second contracts: ${CONTRACTS} expiring in one second, settled by one index tick: ` +
    `${ackMs.toFixed(0)} ms to the engine's durable acknowledgement (settled and posted), ` +
    `${writtenMs.toFixed(0)} ms to every row written and settlement message published, ` +
    `${projectedMs.toFixed(0)} ms to the ledger postings in SQL ` +
    `(${ack.postings.length} postings; setup ${(setupMs / 1000).toFixed(1)} s, SQLite)`,
);
await platform.app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
