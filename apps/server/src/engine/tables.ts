import type { ColumnType, Generated, Kysely } from 'kysely';
import type { BigintColumn } from '../kernel/db/schema.ts';

/**
 * An amount in integer minor units (migration 0009), for the database to total and order
 * exactly. Written as digit text; read it only through `unitsText`/`sumUnits`
 * (amount-sql.ts): SQLite hands an INTEGER back as a JS number, exact only to 2^53.
 * Null only on rows written before 0009 until the projector's backfill reaches them.
 */
export type UnitsColumn = ColumnType<string | number | null, string, string>;

/**
 * What the engine projects into SQL (migrations 0003, 0006, 0007, 0009, 0140): the ledger, orders,
 * fills and the projection's position. Modules read them; only the projector writes.
 */
export interface LedgerAssetsTable {
  code: string;
  decimals: number;
}

export interface LedgerPostingsTable {
  id: BigintColumn;
  seq: BigintColumn;
  asset: string;
  from_account: string;
  to_account: string;
  amount: string;
  amount_units: UnitsColumn;
  reason: string;
  ref_kind: string;
  ref_id: string;
  created_at: BigintColumn;
}

export interface LedgerBalancesTable {
  account: string;
  asset: string;
  user_id: string | null;
  balance: string;
  balance_units: UnitsColumn;
  updated_seq: BigintColumn;
}

export interface TradeOrdersTable {
  id: BigintColumn;
  market: string;
  user_id: string;
  side: string;
  kind: string;
  tif: string;
  price: string | null;
  quantity: string | null;
  quote_amount: string | null;
  stop_price: string | null;
  filled: string;
  filled_lots: BigintColumn;
  status: string;
  cancel_reason: string | null;
  /** 1 once the order is live in the book: from the start, or when a stop-limit triggers. */
  triggered: Generated<number>;
  /** The Idempotency-Key the order was placed with, if any (migration 0008). */
  client_ref: string | null;
  client_order_id: string | null;
  /** The wallet traded from (migration 0140): null for spot, `margin` or `margin.<symbol>`. */
  wallet: string | null;
  created_at: BigintColumn;
  updated_at: BigintColumn;
}

export interface TradeFillsTable {
  id: BigintColumn;
  market: string;
  price: string;
  price_units: UnitsColumn;
  quantity: string;
  quantity_units: UnitsColumn;
  taker_side: string;
  maker_order_id: BigintColumn;
  taker_order_id: BigintColumn;
  maker_user_id: string;
  taker_user_id: string;
  maker_fee: string;
  taker_fee: string;
  seq: BigintColumn;
  created_at: BigintColumn;
}

export interface EngineProjectionTable {
  name: string;
  last_seq: BigintColumn;
}

export type EngineTables = {
  ledger_assets: LedgerAssetsTable;
  ledger_postings: LedgerPostingsTable;
  ledger_balances: LedgerBalancesTable;
  trade_orders: TradeOrdersTable;
  trade_fills: TradeFillsTable;
  engine_projection: EngineProjectionTable;
};

export type EngineDb = Kysely<EngineTables>;
