// Durable throughput of the engine host: orders sent as decimal strings, validated,
// sequenced, matched, settled, journalled, and acknowledged only after their group
// commit is durable. Many clients keep orders in flight, as a loaded server would.
// Twice: with the journal in files (fsynced), and in PostgreSQL (ENGINE_STORE=postgres,
// committed) when one answers (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the
// local one; skipped if none).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { EngineConfig, OrderRequest } from '@meridian/core';
import { orderStream } from '../../../packages/core/bench/order-stream.ts';
import { EngineHost } from '../src/engine/engine-host.ts';
import { PgEngineStore } from '../src/engine/store/pg-store.ts';
import { openDatabase } from '../src/kernel/db/database.ts';
import { migrateToLatest } from '../src/migrations.ts';
import { adminQuery } from '../test/platform-processes.ts';

const ORDERS = 300_000;
const USERS = 1_000;
const IN_FLIGHT = 2_000;

const BTC = { code: 'BTC', decimals: 8, maxAmount: 10n ** 18n };
const USDT = { code: 'USDT', decimals: 6, maxAmount: 10n ** 18n };
const config: EngineConfig = {
  assets: [BTC, USDT],
  markets: [
    {
      symbol: 'BTC-USDT',
      base: BTC,
      quote: USDT,
      tickSize: 10_000n,
      lotSize: 10_000n,
      minNotional: 1n,
      maxOrderLots: 1_000_000,
      maxPriceTicks: 100_000_000,
      makerFeeBps: 10,
      takerFeeBps: 20,
      bandBps: 500,
    },
  ],
};

const users = Array.from({ length: USERS }, (_, i) => `u${i}`);
// Ticks of 0.01 USDT and lots of 0.0001 BTC, written as a client would send them.
const requests: OrderRequest[] = orderStream(ORDERS, 0, USERS).map((op) => ({
  user: users[op.user]!,
  market: 'BTC-USDT',
  side: op.side,
  kind: 'limit',
  price: (op.price / 100).toFixed(2),
  quantity: (op.lots / 10_000).toFixed(4),
}));

/** Sends the whole stream through `host`, IN_FLIGHT at a time; answers orders/s and trades. */
async function measure(
  host: EngineHost,
): Promise<{ perSecond: number; seconds: number; trades: number }> {
  await Promise.all(
    users.flatMap((u, i) => [
      host.deposit(u, 'USDT', '1000000000', `usdt-${i}`),
      host.deposit(u, 'BTC', '1000000', `btc-${i}`),
    ]),
  );
  let sent = 0;
  let acknowledged = 0;
  let trades = 0;
  const began = performance.now();
  await new Promise<void>((resolve) => {
    const sendNext = () => {
      if (sent === requests.length) return;
      const request = requests[sent++]!;
      void host.placeOrder(request).then((ack) => {
        acknowledged++;
        for (const e of ack.events) if (e.type === 'trade') trades++;
        if (acknowledged === requests.length) resolve();
        else sendNext();
      });
    };
    for (let i = 0; i < IN_FLIGHT; i++) sendNext();
  });
  const seconds = (performance.now() - began) / 1000;
  return { perSecond: Math.round(ORDERS / seconds), seconds, trades };
}

const n = (value: number) => value.toLocaleString('en-US');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-engine-'));
const host = await EngineHost.open({ dir, config, snapshotEvery: 100_000 });
const files = await measure(host);
const journalBytes = fs
  .readdirSync(path.join(dir, 'journal'))
  .reduce((sum, f) => sum + fs.statSync(path.join(dir, 'journal', f)).size, 0);
console.log(
  `engine host, durable (acknowledged after fsynced group commit), ${n(IN_FLIGHT)} orders in flight:\n` +
    `  ${n(files.perSecond)} orders/s  (${n(ORDERS)} limit orders in ${files.seconds.toFixed(2)} s, ` +
    `${n(files.trades)} trades, ${(journalBytes / 1e6).toFixed(1)} MB of journal since the last snapshot, in ${os.tmpdir()})`,
);
await host.close();
fs.rmSync(dir, { recursive: true, force: true });

const url =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_${randomUUID().replace(/-/g, '')}`;
try {
  await adminQuery(url, `create schema ${schema}`);
} catch {
  console.log('engine host with the journal in PostgreSQL: skipped, no PostgreSQL answers');
  process.exit(0);
}
try {
  const database = openDatabase({ url, dataDir: os.tmpdir(), pgSchema: schema });
  await migrateToLatest(database.db);
  await database.close();
  const store = await PgEngineStore.open({ url, schema });
  const pgHost = await EngineHost.open({ store, config, snapshotEvery: 100_000 });
  const inPg = await measure(pgHost);
  console.log(
    `engine host, journal in PostgreSQL (ENGINE_STORE=postgres; acknowledged after the group's commit):\n` +
      `  ${n(inPg.perSecond)} orders/s  (${n(ORDERS)} limit orders in ${inPg.seconds.toFixed(2)} s, ` +
      `${n(inPg.trades)} trades; ${(inPg.perSecond / files.perSecond).toFixed(2)} times the file journal's rate)`,
  );
  await pgHost.close();
} finally {
  await adminQuery(url, `drop schema if exists ${schema} cascade`);
}
