import type { Kysely } from 'kysely';
import type { EngineTables } from '../../engine/tables.ts';
import type { KernelTables } from '../../kernel/db/schema.ts';

/**
 * Kysely's view of the perpetual tables (migration 0110), written from the engine's
 * events once durable. Open orders, positions and marks live in the engine; these keep
 * the history. Amounts are decimal text in the quote coin.
 */
export interface PerpOrdersTable {
  id: number;
  user_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market' | 'stop_market' | 'stop_limit';
  tif: string;
  price: string | null;
  trigger_price: string | null;
  trigger: string | null;
  triggered: number;
  reduce_only: number;
  source: string;
  contracts: number;
  filled: number;
  /** What the fills add up to for the average price (`ContractArithmetic.fillWeight`). */
  filled_value: string;
  fee: string;
  pnl: string;
  leverage: number;
  margin_mode: 'isolated' | 'cross';
  client_order_id: string | null;
  status: 'waiting' | 'partial' | 'filled' | 'cancelled';
  cancel_reason: string | null;
  created_at: number;
  updated_at: number;
}

export interface PerpFillsTable {
  /** `<trade id>:m` or `<trade id>:t`. */
  id: string;
  trade_id: number;
  order_id: number;
  user_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  price: string;
  contracts: number;
  liquidity: 'maker' | 'taker';
  fee: string;
  pnl: string;
  time: number;
}

/** Public trades (one row per match). */
export interface PerpTradesTable {
  id: number;
  symbol: string;
  price: string;
  contracts: number;
  taker_side: 'buy' | 'sell';
  time: number;
}

export interface PerpFundingRatesTable {
  symbol: string;
  time: number;
  rate: string;
  mark: string;
}

export interface PerpFundingPaymentsTable {
  /** `<symbol>:<time>:<user>`. */
  id: string;
  user_id: string;
  symbol: string;
  time: number;
  rate: string;
  mark: string;
  side: 'long' | 'short';
  contracts: number;
  amount: string;
}

export type PerpsTables = KernelTables &
  Pick<EngineTables, 'engine_projection'> & {
    perp_orders: PerpOrdersTable;
    perp_fills: PerpFillsTable;
    perp_trades: PerpTradesTable;
    perp_funding_rates: PerpFundingRatesTable;
    perp_funding_payments: PerpFundingPaymentsTable;
  };

export type PerpsDb = Kysely<PerpsTables>;
