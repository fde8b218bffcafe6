import type { MarketFeed } from './feed.ts';
import type { MarketRuntime, MarketRuntimeOptions } from './market-runtime.ts';

export { marketsModule } from './module.ts';
export { ENGINE_CONFIG, LISTED_MARKETS, listedMarket, type ListedMarket } from './catalogue.ts';
export type { MarketFeed, MarketRuntime };

export interface MarketsService {
  /** The running market: index feed, market makers, market data. */
  runtime: MarketRuntime;
  /** Tickers, books, trades and candles as they change. */
  feed: MarketFeed;
}

declare module '../../kernel/module.ts' {
  interface ModuleServices {
    markets: MarketsService;
  }
  interface PlatformOptions {
    /** Replaces the market's time source and recorded exchange (tests). */
    market?: Partial<Pick<MarketRuntimeOptions, 'now' | 'exchange'>>;
  }
}
