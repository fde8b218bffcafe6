import type { Database } from '../../kernel/db/database.ts';
import { ensureMonthlyPartitions } from './partitions.ts';
import { applyRetention, type RetentionResult } from './retention.ts';
import { reclaimSqliteSpace } from './sqlite-maintenance.ts';
import { measureStorage, type StorageReport } from './storage.ts';
import type { HousekeepingDb } from './tables.ts';

export interface HousekeeperOptions {
  database: Database;
  db: HousekeepingDb;
  dataDir: string;
  now: () => number;
  /** Between two runs; the first runs soon after the start. */
  everyMs: number;
  /** Off in an API process (ROLE=api): the leading process keeps the data. */
  scheduled?: boolean;
  onError: (error: unknown) => void;
}

export interface HousekeepingRun {
  at: number;
  removed: RetentionResult;
  /** SQLite pages given back to the file system. */
  reclaimedPages: number;
  /** PostgreSQL: month partitions created ahead, and those the default partition blocked. */
  partitions: { created: string[]; skipped: string[] };
}

/**
 * The scheduled housekeeping: the retention rules, then SQLite's space, then a fresh
 * measure of the data for health. Runs never overlap; each one is idempotent, so a run
 * cut short by a restart is simply done again by the next.
 */
export function startHousekeeper(options: HousekeeperOptions) {
  let report: StorageReport | null = null;
  let last: HousekeepingRun | null = null;
  let running: Promise<HousekeepingRun> | null = null;
  let stopped = false;

  async function run(): Promise<HousekeepingRun> {
    const at = options.now();
    const partitions =
      options.database.driver === 'postgres'
        ? await ensureMonthlyPartitions(options.database.db, at)
        : { created: [], skipped: [] };
    const removed = await applyRetention(options.db, at);
    const reclaimedPages = options.database.sqlite
      ? await reclaimSqliteSpace(options.database.sqlite)
      : 0;
    last = { at, removed, reclaimedPages, partitions };
    report = await measureStorage(options.database, options.db, options.dataDir, options.now());
    return last;
  }

  /** Runs now, or joins the run in progress. */
  function runNow(): Promise<HousekeepingRun> {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  }

  const tick = () => {
    if (!stopped) runNow().catch(options.onError);
  };
  const scheduled = options.scheduled !== false;
  const first = scheduled ? setTimeout(tick, Math.min(5_000, options.everyMs)) : undefined;
  const timer = scheduled ? setInterval(tick, options.everyMs) : undefined;
  first?.unref();
  timer?.unref();

  return {
    runNow,
    /** The last measure (null before the first run ends) and the last run's result. */
    status(): { storage: StorageReport | null; last: HousekeepingRun | null } {
      return { storage: report, last };
    },
    /** Measures again without running the rules (health when nothing is measured yet). */
    async measure(): Promise<StorageReport> {
      report = await measureStorage(options.database, options.db, options.dataDir, options.now());
      return report;
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

export type Housekeeper = ReturnType<typeof startHousekeeper>;
