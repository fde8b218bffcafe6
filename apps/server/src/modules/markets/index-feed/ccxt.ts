import type { ListedMarket } from '../catalogue.ts';
import { parseUnits } from '@meridian/core';
import type { IndexSource, IndexTick } from './source.ts';

/** The part of a ccxt exchange this source uses (so tests can replay recorded answers). */
export interface TickerExchange {
  fetchTickers(
    symbols: string[],
  ): Promise<Record<string, { last?: number | null; timestamp?: number | null } | undefined>>;
}

export interface CcxtIndexOptions {
  exchangeId: string;
  exchange: TickerExchange;
  markets: ListedMarket[];
  /** Milliseconds between polls; public REST limits make a second the practical floor. */
  pollMs: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** `btcusdt` is `BTC/USDT` in ccxt's unified symbols. */
export function ccxtSymbol(market: ListedMarket): string {
  return `${market.spec.base.code}/${market.spec.quote.code}`;
}

/**
 * ccxt reports prices as JS numbers. They are turned into integer minor units once, here
 * at the boundary, through a fixed-point string: nothing downstream sees a float.
 */
export function priceUnits(last: number, decimals: number): bigint | null {
  if (!Number.isFinite(last) || last <= 0 || last >= 1e15) return null;
  const units = parseUnits(last.toFixed(decimals), decimals);
  // A price below the quote's precision is no usable index.
  return units > 0n ? units : null;
}

/**
 * An external index: polls the configured exchange's public tickers through ccxt. A poll
 * that fails is logged and skipped, so the health check shows the feed stalling.
 */
export function createCcxtIndexSource(options: CcxtIndexOptions): IndexSource {
  const now = options.now ?? Date.now;
  const bySymbol = new Map(options.markets.map((m) => [ccxtSymbol(m), m]));
  let timer: NodeJS.Timeout | null = null;
  let polling = false;

  async function poll(onTicks: (ticks: IndexTick[]) => void): Promise<void> {
    // A slow exchange never gets two requests in flight from us.
    if (polling) return;
    polling = true;
    try {
      const answer = await options.exchange.fetchTickers([...bySymbol.keys()]);
      const ticks: IndexTick[] = [];
      for (const [symbol, ticker] of Object.entries(answer)) {
        const market = bySymbol.get(symbol);
        if (!market || typeof ticker?.last !== 'number') continue;
        const price = priceUnits(ticker.last, market.spec.quote.decimals);
        if (price === null) continue;
        ticks.push({ symbol: market.symbol, time: ticker.timestamp ?? now(), price });
      }
      if (ticks.length > 0) onTicks(ticks);
    } catch (error) {
      options.onError?.(error);
    } finally {
      polling = false;
    }
  }

  return {
    name: `ccxt:${options.exchangeId}`,
    simulated: false,
    add(market) {
      bySymbol.set(ccxtSymbol(market), market);
    },
    start(onTicks) {
      void poll(onTicks);
      timer = setInterval(() => void poll(onTicks), options.pollMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

/**
 * Opens a ccxt exchange by id. ccxt is loaded only when an external index is configured,
 * so the default start never pays for it.
 */
export async function openCcxtExchange(exchangeId: string): Promise<TickerExchange> {
  const ccxt = (await import('ccxt')) as unknown as {
    default?: Record<string, unknown>;
  } & Record<string, unknown>;
  const lib = (ccxt.default ?? ccxt) as Record<string, unknown>;
  const Exchange = lib[exchangeId];
  if (typeof Exchange !== 'function') {
    throw new Error(`INDEX_SOURCE: ccxt has no exchange "${exchangeId}"`);
  }
  return new (Exchange as new (options: object) => TickerExchange)({ enableRateLimit: true });
}
