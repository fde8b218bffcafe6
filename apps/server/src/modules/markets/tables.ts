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

export type MarketsTables = {
  market_index_ticks: MarketIndexTicksTable;
  market_candles: MarketCandlesTable;
  market_favourites: MarketFavouritesTable;
};

/** The markets module's handle: its tables, and the engine's ledger the makers read. */
export type MarketsDb = Kysely<MarketsTables & EngineTables & KernelTables>;
