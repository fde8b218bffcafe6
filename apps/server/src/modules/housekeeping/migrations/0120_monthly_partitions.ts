import type { Kysely } from 'kysely';
import { isPostgres, PARTITIONED_TABLES, partitionByMonth } from '../partitions.ts';

// Issue 27: on PostgreSQL, ledger_postings, trade_fills and trade_orders become tables
// partitioned by month of created_at (partitions.ts says why and how). SQLite is left as
// it is.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(await isPostgres(db))) return;
  for (const table of PARTITIONED_TABLES) await partitionByMonth(db, table, Date.now());
}
