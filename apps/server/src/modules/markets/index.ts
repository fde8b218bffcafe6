import type { Catalogue } from './catalogue.ts';
import type { CoinRate } from './coin-rates.ts';
import type { contractSource } from './contract-source.ts';
import type { MarketFeed } from './feed.ts';
import type { CatalogueOperations } from './listing/operations.ts';
import type { MarketRuntime, MarketRuntimeOptions } from './market-runtime.ts';

export { marketsModule } from './module.ts';
export { GENESIS_ENGINE_CONFIG } from './genesis.ts';
export type { Catalogue, ListedCoin, ListedMarket } from './catalogue.ts';
export type { CatalogueOperations, CoinRate, MarketFeed, MarketRuntime };

export interface MarketsService {
  /** The running market: index feed, market makers, market data. */
  runtime: MarketRuntime;
  /** Tickers, books, trades and candles as they change. */
  feed: MarketFeed;
  /** The listed coins and markets, current as operators change them. */
  catalogue: Catalogue;
  /** Operators' catalogue writes and the fee job (tests run it on their clock). */
  operations: CatalogueOperations;
  /**
   * The published display currencies and their reference rates per USDT, as
   * `assets/getCoinRate` answers them (the defaults with COIN_RATES applied).
   */
  coinRates: readonly CoinRate[];
  /** Contract markets for the quote lists: the perpetuals module installs itself here. */
  contracts: ReturnType<typeof contractSource>;
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
