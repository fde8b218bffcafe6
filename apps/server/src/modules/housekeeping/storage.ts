import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../../kernel/db/database.ts';
import type { HousekeepingDb } from './tables.ts';

/** The hot tables whose oldest row health reports: each read through an index. */
export const HOT_TABLES = [
  'ledger_postings',
  'trade_fills',
  'trade_orders',
  'market_candles',
  'market_index_ticks',
  'idempotency_keys',
] as const;
export type HotTable = (typeof HOT_TABLES)[number];

export interface StorageReport {
  driver: 'sqlite' | 'postgres';
  /** The database: SQLite's file with its WAL, or PostgreSQL's database size. */
  databaseBytes: number;
  /** The engine's journal segments and snapshots under DATA_DIR/engine. */
  engineBytes: number;
  /** SQLite only: pages freed by deletes and not yet returned to the file system. */
  freeBytes: number | null;
  tables: Array<{ table: HotTable; oldestAt: number | null }>;
  measuredAt: number;
}

function fileBytes(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

function folderBytes(dir: string): number {
  let total = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : fileBytes(full);
  }
  return total;
}

/** The oldest row's time of each hot table: the first by id or by the time index. */
async function oldestRows(db: HousekeepingDb): Promise<StorageReport['tables']> {
  const num = (v: string | number | null | undefined) =>
    v === null || v === undefined ? null : Number(v);
  const byId = async (table: 'ledger_postings' | 'trade_fills' | 'trade_orders') => {
    const row = await db
      .selectFrom(table)
      .select('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return num(row?.created_at);
  };
  const candles = await db
    .selectFrom('market_candles')
    .select(({ fn }) => fn.min('open_time').as('t'))
    .where('interval', '=', '1m')
    .executeTakeFirst();
  const ticks = await db
    .selectFrom('market_index_ticks')
    .select(({ fn }) => fn.min('time').as('t'))
    .executeTakeFirst();
  const keys = await db
    .selectFrom('idempotency_keys')
    .select(({ fn }) => fn.min('created_at').as('t'))
    .executeTakeFirst();
  return [
    { table: 'ledger_postings', oldestAt: await byId('ledger_postings') },
    { table: 'trade_fills', oldestAt: await byId('trade_fills') },
    { table: 'trade_orders', oldestAt: await byId('trade_orders') },
    { table: 'market_candles', oldestAt: num(candles?.t) },
    { table: 'market_index_ticks', oldestAt: num(ticks?.t) },
    { table: 'idempotency_keys', oldestAt: num(keys?.t) },
  ];
}

/** Measures the data on disk and the age of each hot table. */
export async function measureStorage(
  database: Database,
  db: HousekeepingDb,
  dataDir: string,
  now: number,
): Promise<StorageReport> {
  let databaseBytes: number;
  let freeBytes: number | null = null;
  let engineBytes = folderBytes(path.join(dataDir, 'engine'));
  if (database.sqlite) {
    const file = database.sqlite.name;
    databaseBytes = fileBytes(file) + fileBytes(`${file}-wal`) + fileBytes(`${file}-shm`);
    const pageSize = Number(database.sqlite.pragma('page_size', { simple: true }));
    const free = Number(database.sqlite.pragma('freelist_count', { simple: true }));
    freeBytes = pageSize * free;
  } else {
    const { rows } = await sql<{
      size: string;
    }>`select pg_database_size(current_database())::text as size`.execute(db);
    databaseBytes = Number(rows[0]?.size ?? 0);
    // With ENGINE_STORE=postgres the journal and snapshots are tables (counted in the
    // database's size as well): the engine's figure is theirs.
    const engine = await sql<{ size: string }>`
      select (coalesce(pg_total_relation_size(to_regclass('engine_journal')), 0)
            + coalesce(pg_total_relation_size(to_regclass('engine_snapshots')), 0))::text as size`.execute(
      db,
    );
    engineBytes += Number(engine.rows[0]?.size ?? 0);
  }
  return {
    driver: database.driver,
    databaseBytes,
    engineBytes,
    freeBytes,
    tables: await oldestRows(db),
    measuredAt: now,
  };
}
