import { defineModule } from '../../kernel/module.ts';
import { startHousekeeper } from './housekeeper.ts';
import * as m0095 from './migrations/0095_retention_indexes.ts';
import * as m0096 from './migrations/0096_partial_order_ref_indexes.ts';
import * as m0120 from './migrations/0120_monthly_partitions.ts';
import type { HousekeepingDb, HousekeepingTables } from './tables.ts';

/** Ten minutes between runs: retention ages are hours and days, so none waits long. */
const EVERY_MS = 10 * 60_000;

/**
 * Bounded growth (issue 27): the published retention rules, SQLite's space given back,
 * and the measure of the data that `/api/health` and the operator dashboard show. The
 * engine's own files (journal segments, snapshots) are pruned by the engine host.
 */
export const housekeepingModule = defineModule({
  name: 'housekeeping',
  migrations: {
    '0095_retention_indexes': m0095,
    '0096_partial_order_ref_indexes': m0096,
    '0120_monthly_partitions': m0120,
  },
  start(ctx) {
    const db: HousekeepingDb = ctx.db.withTables<HousekeepingTables>();
    const housekeeper = startHousekeeper({
      database: ctx.database,
      db,
      dataDir: ctx.config.dataDir,
      now: () => ctx.clock.now().getTime(),
      everyMs: ctx.options.housekeepingEveryMs ?? EVERY_MS,
      onError: (error) => ctx.app.log.error({ err: error }, 'housekeeping'),
      scheduled: ctx.engine.leads,
    });
    ctx.onClose(() => housekeeper.stop());
    ctx.provide('housekeeping', housekeeper);
  },
});
