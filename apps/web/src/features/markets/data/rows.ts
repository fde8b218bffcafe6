import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getContract, getOptional, getSpotGoods, marketInitData, type MarketRow } from '@meridian/contract/calls/market';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { useMarketLayer } from './hooks.ts';
import { rowSymbol } from './symbols.ts';

export type RowList = 'spot' | 'contract' | 'optional';

const CALLS = { spot: getSpotGoods, contract: getContract, optional: getOptional } as const;

/**
 * Market rows of one list. The rows carry the user's `collect` flag, so they are fetched
 * again when the session changes; the stars are loaded from them into the favourites
 * store, where the star buttons read them.
 */
export function useMarketRows(list: RowList, enabled = true) {
  const { api } = usePlatform();
  const { favourites } = useMarketLayer();
  const isLogin = useSession((s) => s.isLogin);
  const wanted = enabled && (list !== 'optional' || isLogin);
  const query = useQuery<MarketRow[]>({
    queryKey: ['market', 'rows', list, isLogin],
    queryFn: () => api.quiet(CALLS[list]),
    enabled: wanted,
    // A list of markets changes rarely; prices come from the socket, not from here.
    staleTime: 60_000,
  });
  const data = query.data;
  useEffect(() => {
    if (!isLogin) {
      favourites.clear();
      return;
    }
    if (!data) return;
    favourites.load(
      Object.fromEntries(
        data.map((row) => [rowSymbol(row), list === 'optional' || row.collect === 1]),
      ),
    );
  }, [data, favourites, isLogin, list]);
  return { ...query, wanted };
}

/**
 * The first prices of every market of a type from HTTP, so a page paints before the
 * socket's snapshot arrives (and still shows prices if the socket is down).
 */
export function useSeedTickers(type: 'spot' | 'contract' = 'spot') {
  const { api } = usePlatform();
  const { feed } = useMarketLayer();
  const query = useQuery({
    queryKey: ['market', 'init', type],
    queryFn: () => api.quiet(marketInitData, { query: { type } }),
    staleTime: 60_000,
  });
  useEffect(() => {
    if (query.data) feed.tickers.seed(query.data.tickers);
  }, [feed, query.data]);
  return query;
}
