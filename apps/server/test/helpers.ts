import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type Config } from '../src/kernel/config.ts';
import { openDatabase, type Database } from '../src/kernel/db/database.ts';

export function tempDir(prefix = 'meridian-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function testConfig(env: Record<string, string> = {}): Config {
  // No simulated history by default: each start would spend about a second writing
  // candles that only the market tests (which ask for it) look at.
  return loadConfig(
    {
      DATA_DIR: tempDir(),
      LOG_LEVEL: 'silent',
      WEB_DIST: tempDir(),
      MARKET_HISTORY_DAYS: '0',
      ...env,
    },
    '9.9.9',
  );
}

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** Opens a connection to this test's own, initially empty, database. */
  open(): Database;
  dispose(): Promise<void>;
}

/**
 * The persistence tests run against SQLite always and against PostgreSQL when
 * TEST_DATABASE_URL is set; each PostgreSQL run works in a schema of its own.
 */
export function testDatabases(): Array<{
  name: 'sqlite' | 'postgres';
  create(): Promise<TestDatabase>;
}> {
  const list: Array<{ name: 'sqlite' | 'postgres'; create(): Promise<TestDatabase> }> = [
    {
      name: 'sqlite',
      create: async () => {
        const dataDir = tempDir();
        return {
          name: 'sqlite',
          open: () => openDatabase({ dataDir }),
          dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
        };
      },
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    list.push({
      name: 'postgres',
      create: async () => {
        const schema = `test_${randomUUID().replace(/-/g, '')}`;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`create schema ${schema}`);
        await admin.end();
        return {
          name: 'postgres',
          open: () => openDatabase({ url, dataDir: tempDir(), pgSchema: schema }),
          dispose: async () => {
            const cleanup = new pg.Client({ connectionString: url });
            await cleanup.connect();
            await cleanup.query(`drop schema ${schema} cascade`);
            await cleanup.end();
          },
        };
      },
    });
  }
  return list;
}
