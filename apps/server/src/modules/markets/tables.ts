import type { Kysely } from 'kysely';
import type { EngineTables } from '../../engine/tables.ts';
import type { BigintColumn, KernelTables } from '../../kernel/db/schema.ts';

/** Kysely's view of the market-data tables (migration 0004). */
export interface MarketIndexTicksTable {
  symbol: string;
  time: BigintColumn;
  price: string;
  source: string;
}

export interface MarketCandlesTable {
  symbol: string;
  interval: string;
  open_time: BigintColumn;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  amount: string;
  trades: number;
}

export interface MarketFavouritesTable {
  user_id: string;
  symbol: string;
  created_at: BigintColumn;
}

/** The catalogue (migrations 0020, 0021): what operators list; switches are 0/1. */
export interface CatalogueCoinsTable {
  code: string;
  name: string;
  decimals: number;
  icon: string | null;
  deposit_enabled: number;
  withdraw_enabled: number;
  position: number;
  created_at: BigintColumn;
  updated_at: BigintColumn;
}

export interface CatalogueMarketsTable {
  symbol: string;
  base: string;
  quote: string;
  tick_size: string;
  lot_size: string;
  min_notional: string;
  maker_fee_bps: number;
  taker_fee_bps: number;
  band_bps: number;
  state: string;
  price_decimals: number;
  quantity_decimals: number;
  list_spot: number;
  list_second: number;
  list_contract: number;
  /** Comma-separated plates: `main,hot`. */
  plate: string;
  reference_price: string;
  volatility_ppm: number;
  position: number;
  created_at: BigintColumn;
  updated_at: BigintColumn;
}

export interface CatalogueFeeChangesTable {
  id: string;
  market: string;
  maker_fee_bps: number;
  taker_fee_bps: number;
  effective_at: BigintColumn;
  /** scheduled, applying (claimed by the job), applied or cancelled. */
  status: string;
  created_by: string;
  created_at: BigintColumn;
  applied_at: BigintColumn | null;
  cancelled_at: BigintColumn | null;
}

export type MarketsTables = {
  market_index_ticks: MarketIndexTicksTable;
  market_candles: MarketCandlesTable;
  market_favourites: MarketFavouritesTable;
  catalogue_coins: CatalogueCoinsTable;
  catalogue_markets: CatalogueMarketsTable;
  catalogue_fee_changes: CatalogueFeeChangesTable;
};

/** The markets module's handle: its tables, and the engine's ledger the makers read. */
export type MarketsDb = Kysely<MarketsTables & EngineTables & KernelTables>;
