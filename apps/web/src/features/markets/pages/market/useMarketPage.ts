import { useEffect, useMemo } from 'react';
import { useSearchParams } from '../../../../shared/router/index.tsx';
import { klineIntervalSchema, symbolSchema, type MarketRow } from '@meridian/contract/calls/market';
import type { KlineInterval } from '../../data/feed.ts';
import { useLiveTickers, useMarketLayer } from '../../data/hooks.ts';
import { useMarketRows, useSeedTickers } from '../../data/rows.ts';
import { displayName, rowSymbol } from '../../data/symbols.ts';

export const DEFAULT_SYMBOL = 'btcusdt';
export const INTERVALS = klineIntervalSchema.options;

/**
 * State of the market page: which market and interval (both in the address, so a link
 * opens the same view), the markets to switch to, and the live subscriptions of the
 * market on screen while the page is open.
 */
export function useMarketPage() {
  const { feed } = useMarketLayer();
  const [params, setParams] = useSearchParams();
  const asked = params.get('symbol')?.toLowerCase() ?? DEFAULT_SYMBOL;
  const symbol = symbolSchema.safeParse(asked).success ? asked : DEFAULT_SYMBOL;
  const parsedInterval = klineIntervalSchema.safeParse(params.get('interval'));
  const interval: KlineInterval = parsedInterval.success ? parsedInterval.data : '1m';

  useLiveTickers();
  useSeedTickers('spot');
  const spot = useMarketRows('spot');
  const contract = useMarketRows('contract');

  useEffect(() => feed.watchMarket(symbol, interval), [feed, symbol, interval]);

  const markets = useMemo(() => {
    const seen = new Map<string, MarketRow>();
    for (const row of [...(spot.data ?? []), ...(contract.data ?? [])]) {
      if (!seen.has(rowSymbol(row))) seen.set(rowSymbol(row), row);
    }
    return [...seen.values()];
  }, [spot.data, contract.data]);
  const row = markets.find((m) => rowSymbol(m) === symbol);
  const listsLoaded = spot.isSuccess && contract.isSuccess;

  const go = (next: { symbol?: string; interval?: KlineInterval }) =>
    setParams({ symbol: next.symbol ?? symbol, interval: next.interval ?? interval });

  return {
    symbol,
    interval,
    name: row?.symbol_name ?? displayName(symbol),
    /** Price decimals of the market (the row's part_cou), for the chart's scale. */
    priceDecimals: row?.part_cou ?? 2,
    /** Quantity decimals (full_cou), for the book and trades. */
    quantityDecimals: row?.full_cou ?? 4,
    markets,
    /** True once the lists are in and this market is not among them. */
    unknown: listsLoaded && !row,
    setSymbol: (next: string) => go({ symbol: next }),
    setInterval: (next: KlineInterval) => go({ interval: next }),
  };
}

export type MarketPageState = ReturnType<typeof useMarketPage>;
