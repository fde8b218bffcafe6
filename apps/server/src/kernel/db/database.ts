import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import { startCheckpointer } from './checkpointer.ts';
import { sqliteDialect } from './sqlite-dialect.ts';
import type { KernelTables } from './schema.ts';

export type Driver = 'sqlite' | 'postgres';

/**
 * A handle on the whole database. Its tables belong to the kernel, the engine and the
 * modules, each of which states its own (`Kysely<ItsTables>`, or `withTables`), so no
 * file lists every table and this handle is left untyped on purpose.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTables = any;

export interface Database {
  db: Kysely<AnyTables>;
  driver: Driver;
  /** The SQLite file's own handle (SQLite only), for writes that bypass query building. */
  sqlite?: SQLite.Database;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent the embedded SQLite file is used. */
  url?: string | undefined;
  /** Folder of the SQLite file (`meridian.sqlite`). */
  dataDir: string;
  /** PostgreSQL schema to work in (tests use one per run). */
  pgSchema?: string;
}

export const SQLITE_FILE = 'meridian.sqlite';

export function openDatabase(options: DatabaseOptions): Database {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<AnyTables>({ dialect: new PostgresDialect({ pool }) });
    return wrap(db, 'postgres');
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new SQLite(path.join(options.dataDir, SQLITE_FILE));
  // A new file frees deleted pages to the housekeeping's incremental vacuum (issue 27);
  // on an existing file it takes effect only after a full VACUUM, which is never forced.
  file.pragma('auto_vacuum = INCREMENTAL');
  // The WAL file is cut back to this after a checkpoint instead of keeping its peak size.
  file.pragma('journal_size_limit = 67108864');
  // WAL lets readers run beside the single writer; NORMAL is durable with WAL at commit.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  const db = new Kysely<AnyTables>({ dialect: sqliteDialect(file) });
  const checkpointer = startCheckpointer(file, (error) => {
    console.error(`SQLite ${file.name}: ${error.message}`);
  });
  const wrapped = wrap(db, 'sqlite');
  return {
    ...wrapped,
    sqlite: file,
    async close() {
      await checkpointer.stop();
      await wrapped.close();
    },
  };
}

function wrap(db: Kysely<AnyTables>, driver: Driver): Database {
  return {
    db,
    driver,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

/**
 * One migration set for SQLite and PostgreSQL, gathered from the kernel, the engine and
 * each module. Names are global (`0008_wallet`): they sort into one order of application
 * and a name already recorded by an older deployment is never run twice.
 */
export function collectMigrations(
  sets: ReadonlyArray<Record<string, Migration>>,
): Record<string, Migration> {
  const all = new Map<string, Migration>();
  for (const set of sets) {
    for (const [name, migration] of Object.entries(set)) {
      if (all.has(name)) throw new Error(`Two migrations are named ${name}`);
      all.set(name, migration);
    }
  }
  return Object.fromEntries([...all].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function applyMigrations(
  db: Kysely<KernelTables>,
  migrations: Record<string, Migration>,
): Promise<string[]> {
  // Kysely looks for its own tables in every schema unless told which: a schema left over
  // by another run (tests use one each) would make it skip creating them in this one.
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
