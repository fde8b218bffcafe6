import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { compareDecimal } from '@meridian/core';
import type { MarketRow, PriceInfo } from '@meridian/contract/calls/market';
import { useMarketLayer } from '../../data/hooks.ts';
import { useMarketRows } from '../../data/rows.ts';
import { rowSymbol } from '../../data/symbols.ts';

/**
 * Seed section 2: watchlist, perpetual contract, spot, USDT contract. The perpetual tab
 * shows the perps feature's list of every perpetual, USDT-margined and coin-margined; the
 * USDT contract tab only the USDT-margined ones (QuotesPage; the page says so when none
 * is listed). The `getContract`
 * rows still feed the watchlist's starred contracts.
 */
export const QUOTE_TABS = ['watchlist', 'perpetual', 'spot', 'usdt'] as const;
export type QuoteTab = (typeof QUOTE_TABS)[number];

export type SortKey = 'price' | 'change' | 'volume';
export interface Sort {
  key: SortKey;
  order: 'ascend' | 'descend';
}

/** The value a column sorts by: the live one where a tick has arrived, else the row's. */
export function sortValue(row: MarketRow, ticker: PriceInfo | undefined, key: SortKey): string {
  if (key === 'price') return ticker?.close ?? row.close;
  if (key === 'change') return ticker?.priceChangePercent ?? row.zdf;
  return ticker?.volume24 ?? row.amount;
}

export function matchesSearch(row: MarketRow, search: string): boolean {
  const text = search.trim().toLowerCase().replace('/', '');
  if (!text) return true;
  return rowSymbol(row).includes(text) || row.base_symbol.toLowerCase().includes(text);
}

function uniqueBySymbol(lists: (MarketRow[] | undefined)[]): MarketRow[] {
  const seen = new Map<string, MarketRow>();
  for (const list of lists)
    for (const row of list ?? []) {
      const symbol = rowSymbol(row);
      if (!seen.has(symbol)) seen.set(symbol, row);
    }
  return [...seen.values()];
}

/** State of the quotes table: tab, search, sort and the rows they select. */
export function useQuotes(initialTab: QuoteTab = 'spot') {
  const { feed, favourites } = useMarketLayer();
  const [tab, setTab] = useState<QuoteTab>(initialTab);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort | null>(null);
  const spot = useMarketRows('spot');
  const contract = useMarketRows('contract');
  const optional = useMarketRows('optional', tab === 'watchlist');
  const starred = useStore(favourites.store, (s) => s.starred);

  const source = useMemo((): MarketRow[] | undefined => {
    if (tab === 'spot') return spot.data;
    if (tab === 'perpetual' || tab === 'usdt') return contract.data;
    if (!optional.wanted) return [];
    if (!optional.data) return undefined;
    // The watchlist follows the stars at once: a market starred on another tab shows up,
    // one unstarred here leaves, without waiting for the server's list.
    return uniqueBySymbol([optional.data, spot.data, contract.data]).filter(
      (row) => starred[rowSymbol(row)] === true,
    );
  }, [tab, spot.data, contract.data, optional.data, optional.wanted, starred]);

  const rows = useMemo(() => {
    const found = (source ?? []).filter((row) => matchesSearch(row, search));
    if (!sort) return found;
    // Sorted by the prices of the moment the user asked, and not again on every tick:
    // rows that jump while being read are worse than an order a second old.
    const tickers = feed.tickers.store.getState().bySymbol;
    const sign = sort.order === 'ascend' ? 1 : -1;
    return [...found].sort(
      (a, b) =>
        sign *
        compareDecimal(
          sortValue(a, tickers[rowSymbol(a)], sort.key),
          sortValue(b, tickers[rowSymbol(b)], sort.key),
        ),
    );
  }, [source, search, sort, feed]);

  const active = tab === 'spot' ? spot : tab === 'watchlist' ? optional : contract;
  return {
    tab,
    setTab,
    search,
    setSearch,
    sort,
    /** Cycles a column: descending first (biggest movers on top), then ascending, then off. */
    toggleSort(key: SortKey) {
      setSort((current) =>
        current?.key !== key
          ? { key, order: 'descend' }
          : current.order === 'descend'
            ? { key, order: 'ascend' }
            : null,
      );
    },
    rows,
    loading: source === undefined && active.isPending && active.wanted,
    failed: source === undefined && active.isError,
    retry: () => void active.refetch(),
    needsLogin: tab === 'watchlist' && !optional.wanted,
    total: source?.length ?? 0,
  };
}

export type QuotesState = ReturnType<typeof useQuotes>;
