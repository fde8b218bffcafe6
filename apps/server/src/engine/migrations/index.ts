import type { Migration } from 'kysely';
import * as m0003 from './0003_ledger_and_trading.ts';
import * as m0006 from './0006_order_triggered.ts';
import * as m0007 from './0007_fill_order_indexes.ts';
import * as m0008 from './0008_order_client_ref.ts';
import * as m0009 from './0009_amount_units.ts';
import * as m0070 from './0070_order_client_order_id.ts';
import * as m0140 from './0140_order_wallet.ts';
import * as m0152 from './0152_engine_journal_tables.ts';
import * as m0153 from './0153_journal_request_keys.ts';

/**
 * The engine's projection tables (ledger, orders, fills, projection position) and, on
 * PostgreSQL, its journal and snapshot tables.
 */
export const ENGINE_MIGRATIONS: Record<string, Migration> = {
  '0003_ledger_and_trading': m0003,
  '0006_order_triggered': m0006,
  '0007_fill_order_indexes': m0007,
  '0008_order_client_ref': m0008,
  '0009_amount_units': m0009,
  '0070_order_client_order_id': m0070,
  '0140_order_wallet': m0140,
  '0152_engine_journal_tables': m0152,
  '0153_journal_request_keys': m0153,
};
