import type { ListedMarket } from '../catalogue.ts';

/** One index observation: a market's reference price at a moment, from a named source. */
export interface IndexTick {
  symbol: string;
  /** Epoch milliseconds. */
  time: number;
  /** Quote minor units (USDT has 6 decimals): integers only, never a float. */
  price: bigint;
}

/**
 * Where index prices come from. A source pushes ticks to its listener until stopped;
 * `name` is what the health check and the stored ticks show (`simulated`, `ccxt:binance`).
 */
export interface IndexSource {
  readonly name: string;
  /** Whether this source is the simulated market (market makers then add simulated flow). */
  readonly simulated: boolean;
  start(onTicks: (ticks: IndexTick[]) => void): void;
  /** A market listed while running: its ticks join the next batch. */
  add(market: ListedMarket): void;
  stop(): void;
}
