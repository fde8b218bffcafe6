import type { Migration } from 'kysely';
import * as m0001 from './0001_platform_meta.ts';
import * as m0002 from '../../../modules/identity/migrations/0002_accounts.ts';
import * as m0003 from '../../../engine/migrations/0003_ledger_and_trading.ts';
import * as m0004 from '../../../modules/markets/migrations/0004_market_data.ts';
import * as m0005 from './0005_idempotency.ts';
import * as m0006 from '../../../engine/migrations/0006_order_triggered.ts';
import * as m0007 from '../../../engine/migrations/0007_fill_order_indexes.ts';

/** One migration set for SQLite and PostgreSQL, applied in key order at start. */
export const migrations: Record<string, Migration> = {
  '0001_platform_meta': m0001,
  '0002_accounts': m0002,
  '0003_ledger_and_trading': m0003,
  '0004_market_data': m0004,
  '0005_idempotency': m0005,
  '0006_order_triggered': m0006,
  '0007_fill_order_indexes': m0007,
};
