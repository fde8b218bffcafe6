import { createContext, useContext, useEffect } from 'react';
import { useStore } from 'zustand';
import { addOptional, cancelOptional, type PriceInfo } from '@meridian/contract/calls/market';
import type { ApiCall } from '../../../shared/api/client.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { defaultSocketUrl } from '../../../shared/realtime/socket-url.ts';
import { createFavourites, type Favourites } from './favourites.ts';
import { MarketFeed } from './feed.ts';
import { pairOf } from './symbols.ts';

export interface MarketLayer {
  feed: MarketFeed;
  favourites: Favourites;
}

/** Lets a test (or an embedding) hand pages its own layer, e.g. with a fake socket. */
export const MarketLayerContext = createContext<MarketLayer | null>(null);

// One market layer per page load: every page shares the socket and the stores, and a
// page left and opened again paints at once from what the stores already hold.
let layer: { api: ApiCall; value: MarketLayer } | null = null;

function marketLayer(api: ApiCall, socketUrl: string): MarketLayer {
  if (layer?.api === api) return layer.value;
  layer?.value.feed.close();
  const feed = new MarketFeed({ api, socketUrl: socketUrl || defaultSocketUrl() });
  const favourites = createFavourites({
    add: (symbol) => {
      const [a, b] = pairOf(symbol);
      return api.quiet(addOptional, { params: { a, b } });
    },
    remove: (symbol) => {
      const [a, b] = pairOf(symbol);
      return api.quiet(cancelOptional, { params: { a, b } });
    },
  });
  layer = { api, value: { feed, favourites } };
  return layer.value;
}

export function useMarketLayer(): MarketLayer {
  const given = useContext(MarketLayerContext);
  const { api, config } = usePlatform();
  return given ?? marketLayer(api, config.socketUrl);
}

/** Keeps the DETAIL channel of every market open while the calling component is shown. */
export function useLiveTickers(): void {
  const { feed } = useMarketLayer();
  useEffect(() => feed.watchTickers(), [feed]);
}

/** One market's price info; re-renders only when that market ticks. */
export function useTicker(symbol: string): PriceInfo | undefined {
  const { feed } = useMarketLayer();
  return useStore(feed.tickers.store, (s) => s.bySymbol[symbol]);
}

export function useStarred(symbol: string): { starred: boolean; pending: boolean } {
  const { favourites } = useMarketLayer();
  const starred = useStore(favourites.store, (s) => s.starred[symbol] === true);
  const pending = useStore(favourites.store, (s) => s.pending[symbol] === true);
  return { starred, pending };
}
