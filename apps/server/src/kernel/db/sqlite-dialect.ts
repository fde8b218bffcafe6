import type SQLite from 'better-sqlite3';
import {
  SqliteDialect,
  SqliteDriver,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';

/** How long a statement waits for another connection's write lock before it fails. */
const BUSY_LIMIT_MS = 5_000;
/** Waits between tries: short first, as the projection's transactions are short. */
const BACKOFF_MS = [1, 1, 2, 2, 5, 5, 10];

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const isBusy = (error: unknown) =>
  typeof (error as { code?: unknown } | null)?.code === 'string' &&
  (error as { code: string }).code.startsWith('SQLITE_BUSY');

/**
 * The platform's SQLite connection for Kysely. The engine's projection writes from a
 * worker thread on a connection of its own, so a write here can find the file locked.
 * SQLite's own busy handler would then sleep on the thread that serves every request;
 * here the connection is opened with no busy timeout and a locked statement is tried
 * again after a timer instead, so requests go on being served while it waits.
 * Transactions begin immediate: one begun deferred that reads and then writes would fail
 * for good, not wait, if the other connection committed in between.
 */
export function sqliteDialect(file: SQLite.Database): SqliteDialect {
  file.pragma('busy_timeout = 0');
  const database = {
    prepare: (text: string) => file.prepare(text === 'begin' ? 'begin immediate' : text),
    close: () => file.close(),
  };
  const config = { database };
  return new (class extends SqliteDialect {
    override createDriver(): Driver {
      return new WaitingDriver(config);
    }
  })(config);
}

class WaitingDriver extends SqliteDriver {
  override async acquireConnection(): Promise<DatabaseConnection> {
    return waiting(await super.acquireConnection());
  }
}

function waiting(connection: DatabaseConnection): DatabaseConnection {
  return {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const started = performance.now();
      for (let attempt = 0; ; attempt++) {
        try {
          return await connection.executeQuery<R>(query);
        } catch (error) {
          if (!isBusy(error) || performance.now() - started > BUSY_LIMIT_MS) throw error;
          await pause(BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!);
        }
      }
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}
