import type { MarketRow, PriceInfo } from '@meridian/contract';
import type { z } from 'zod';
import type { coinListEntrySchema } from '@meridian/contract';
import type { Catalogue, ListedMarket } from './catalogue.ts';

export type CoinListEntry = z.infer<typeof coinListEntrySchema>;

/** `BTC/USDT`. */
export function displaySymbol(market: ListedMarket): string {
  return `${market.spec.base.code}/${market.spec.quote.code}`;
}

/** A market row of the quote tables (seed section 3). */
export function marketRow(
  market: ListedMarket,
  ticker: PriceInfo | undefined,
  favourite: boolean,
): MarketRow {
  return {
    id: market.symbol,
    c_id: String(market.position),
    symbol_name: displaySymbol(market),
    // The quote coin, as the seed's coin list calls it `baseCoin`.
    base_symbol: market.spec.quote.code,
    plate: market.plate.join(','),
    close: ticker?.close ?? '0',
    amount: ticker?.volume24 ?? '0',
    zdf: ticker?.priceChangePercent ?? '0.00',
    part_cou: market.priceDecimals,
    full_cou: market.quantityDecimals,
    collect: favourite ? 1 : 0,
    state: market.state,
  };
}

/**
 * A coin list entry (seed section 3). Every entry shows `BTC/USDT` (customizeFlag 2).
 * Spot and contract entries are coinType 3: the pages follow their 24-hour volume live
 * (the DETAIL channel); the second-contract list shows no volume and is coinType 1.
 * `amount` and `open` are filled for all, from the same 24-hour statistics.
 */
export function coinListEntry(
  market: ListedMarket,
  ticker: PriceInfo | undefined,
  list: 'second' | 'spot' | 'contract',
): CoinListEntry {
  return {
    coin: market.spec.base.code.toLowerCase(),
    baseCoin: market.spec.quote.code.toLowerCase(),
    symbol: market.symbol,
    showSymbol: displaySymbol(market),
    customizeFlag: 2,
    coinType: list === 'second' ? 1 : 3,
    amount: ticker?.volume24 ?? '0',
    open: ticker?.open ?? '0',
  };
}

/** `btc` + `usdt`, `BTC/USDT` or `btc_usdt` all name the market `btcusdt`. */
export function findMarket(catalogue: Catalogue, ...parts: string[]): ListedMarket | undefined {
  const symbol = parts.join('').toLowerCase().replace(/[/_-]/g, '');
  return catalogue.market(symbol);
}
