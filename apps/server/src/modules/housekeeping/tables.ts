import type { Kysely } from 'kysely';
import type { EngineTables } from '../../engine/tables.ts';
import type { BigintColumn, KernelTables } from '../../kernel/db/schema.ts';

/** The columns of the market data's tables (migration 0004) that retention reads. */
interface MarketCandleTimes {
  symbol: string;
  interval: string;
  open_time: BigintColumn;
}
interface MarketIndexTickTimes {
  symbol: string;
  time: BigintColumn;
}

/** What housekeeping reads and trims: the engine's, the market data's and the kernel's tables. */
export type HousekeepingTables = EngineTables &
  KernelTables & {
    market_candles: MarketCandleTimes;
    market_index_ticks: MarketIndexTickTimes;
  };
export type HousekeepingDb = Kysely<HousekeepingTables>;
