import fs from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/kernel/db/database.ts';
import { migrateToLatest } from '../../src/migrations.ts';
import { EngineHost } from '../../src/engine/engine-host.ts';
import { workerWriter } from '../../src/engine/projection-worker.ts';
import { kyselyWriter } from '../../src/engine/projection-writer.ts';
import { SqlProjector } from '../../src/engine/sql-projector.ts';
import { tempDir } from '../helpers.ts';
import { TEST_ENGINE } from './config.ts';

// On SQLite the projection writes from a worker thread with its own connection and prepared
// statements; the query tables must come out exactly as Kysely's writer leaves them,
// whatever the commands were, and be readable on the platform's connection as soon as
// `projected()` resolves.
const dirs: string[] = [];
const databases: Database[] = [];
afterEach(async () => {
  for (const database of databases.splice(0)) await database.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function project(writer: 'kysely' | 'sqlite') {
  const dir = tempDir('meridian-writer-');
  dirs.push(dir);
  const database = openDatabase({ dataDir: dir });
  databases.push(database);
  await migrateToLatest(database.db);
  const projector = await SqlProjector.open(
    database.db,
    TEST_ENGINE,
    writer === 'sqlite' ? workerWriter(database.sqlite!.name) : kyselyWriter(database.db),
  );
  let now = 1_700_000_000_000;
  const host = await EngineHost.open({ dir, config: TEST_ENGINE, projector, clock: () => now++ });
  await host.deposit('alice', 'USDT', '100000', 'dep-1');
  await host.deposit('bob', 'BTC', '10', 'dep-2');
  // Resting, partly filled, filled, IOC-cancelled and user-cancelled orders, in groups.
  const asks = await Promise.all(
    [50_000, 50_010, 50_020].map((price) =>
      host.placeOrder({
        user: 'bob',
        market: 'BTC-USDT',
        side: 'sell',
        kind: 'limit',
        price: String(price),
        quantity: '0.1',
      }),
    ),
  );
  await Promise.all([
    host.placeOrder({
      user: 'alice',
      market: 'BTC-USDT',
      side: 'buy',
      kind: 'limit',
      price: '50010',
      quantity: '0.15',
    }),
    host.placeOrder({
      user: 'alice',
      market: 'BTC-USDT',
      side: 'buy',
      kind: 'limit',
      price: '50020',
      quantity: '0.2',
      tif: 'IOC',
    }),
  ]);
  const last = asks.at(-1)!.events.find((e) => e.type === 'accepted');
  if (last?.type === 'accepted') await host.cancelOrder('bob', 'BTC-USDT', last.orderId);
  await host.close();
  const db = database.db;
  return {
    orders: await db.selectFrom('trade_orders').selectAll().orderBy('id').execute(),
    fills: await db.selectFrom('trade_fills').selectAll().orderBy('id').execute(),
    postings: await db.selectFrom('ledger_postings').selectAll().orderBy('id').execute(),
    balances: await db.selectFrom('ledger_balances').selectAll().orderBy('account').execute(),
    projection: await db.selectFrom('engine_projection').selectAll().execute(),
  };
}

it('writes the same query tables as the Kysely writer', async () => {
  const viaKysely = await project('kysely');
  const viaSqlite = await project('sqlite');
  expect(viaKysely.fills.length).toBeGreaterThan(0);
  expect(viaKysely.orders.map((o) => o.status)).toContain('cancelled');
  expect(viaSqlite).toEqual(viaKysely);
});

it('has an acknowledged order readable on the platform connection once projected', async () => {
  const dir = tempDir('meridian-writer-');
  dirs.push(dir);
  const database = openDatabase({ dataDir: dir });
  databases.push(database);
  await migrateToLatest(database.db);
  const projector = await SqlProjector.open(
    database.db,
    TEST_ENGINE,
    workerWriter(database.sqlite!.name),
  );
  const host = await EngineHost.open({ dir, config: TEST_ENGINE, projector });
  await host.deposit('alice', 'USDT', '1000', 'dep-1');
  for (let i = 0; i < 20; i++) {
    const ack = await host.placeOrder({
      user: 'alice',
      market: 'BTC-USDT',
      side: 'buy',
      kind: 'limit',
      price: '1000',
      quantity: '0.01',
    });
    const accepted = ack.events.find((e) => e.type === 'accepted');
    if (accepted?.type !== 'accepted') throw new Error('order refused');
    await host.projected();
    const row = await database.db
      .selectFrom('trade_orders')
      .select(['user_id', 'status'])
      .where('id', '=', accepted.orderId)
      .executeTakeFirst();
    expect(row).toEqual({ user_id: 'alice', status: 'open' });
  }
  await host.close();
});
