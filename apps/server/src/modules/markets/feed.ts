import type { CandleData, PriceInfo } from '@meridian/contract';
import type { z } from 'zod';
import type { depthSchema, klineIntervalSchema, tradeSchema } from '@meridian/contract';

export type KlineInterval = z.infer<typeof klineIntervalSchema>;
export type TradeData = z.infer<typeof tradeSchema>;
export type DepthData = z.infer<typeof depthSchema>;

/** What changed in the market, as the realtime layer publishes it. */
export type MarketUpdate =
  | { type: 'ticker'; data: PriceInfo }
  | { type: 'candle'; symbol: string; interval: KlineInterval; data: CandleData }
  | { type: 'trades'; symbol: string; data: TradeData[] }
  | { type: 'depth'; symbol: string; data: DepthData };

/**
 * The market data the sockets, the MQTT topics and the HTTP calls read: current state on
 * demand (for snapshots) and every change as it happens (for updates). Its source is the
 * engine's durable trades and book, and the index feed.
 */
export interface MarketFeed {
  symbols(): string[];
  tickers(): PriceInfo[];
  ticker(symbol: string): PriceInfo | undefined;
  /** Oldest first; the last candle is still open. */
  candles(symbol: string, interval: KlineInterval, limit: number): Promise<CandleData[]>;
  /** Newest first. */
  trades(symbol: string, limit: number): TradeData[];
  depth(symbol: string, limit: number): DepthData | undefined;
  subscribe(listener: (update: MarketUpdate) => void): () => void;
}
