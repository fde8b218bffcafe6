import { createStore } from 'zustand/vanilla';

export interface FavouriteState {
  /** Symbols in the watchlist as the screen shows them (optimistic). */
  starred: Record<string, boolean>;
  /** Symbols with a request waiting or running, to show a quiet busy state. */
  pending: Record<string, boolean>;
}

export interface FavouriteCalls {
  add(symbol: string): Promise<unknown>;
  remove(symbol: string): Promise<unknown>;
}

/**
 * The watchlist stars (seed section 4: requests go one at a time). A click changes the
 * star at once; the request joins a queue that sends one request after the other, so the
 * server sees the user's clicks in order. A request that fails puts the star back as it
 * was before that click.
 */
export function createFavourites(calls: FavouriteCalls) {
  const store = createStore<FavouriteState>(() => ({ starred: {}, pending: {} }));
  let queue: Promise<void> = Promise.resolve();
  const waiting = new Map<string, number>();

  const setPending = (symbol: string, delta: number) => {
    const count = (waiting.get(symbol) ?? 0) + delta;
    if (count > 0) waiting.set(symbol, count);
    else waiting.delete(symbol);
    const pending = { ...store.getState().pending };
    if (count > 0) pending[symbol] = true;
    else delete pending[symbol];
    store.setState({ pending });
  };

  const setStar = (symbol: string, on: boolean) =>
    store.setState({ starred: { ...store.getState().starred, [symbol]: on } });

  return {
    store,
    /** Fills the stars from the server (a row's `collect` or the watchlist call). Symbols
     * with a request in flight keep what the user chose. */
    load(symbols: Record<string, boolean>) {
      const starred = { ...store.getState().starred };
      for (const [symbol, on] of Object.entries(symbols)) {
        if (!waiting.has(symbol)) starred[symbol] = on;
      }
      store.setState({ starred });
    },
    /** Forgets every star, e.g. after logout. */
    clear() {
      store.setState({ starred: {} });
    },
    /** Flips the star now and queues the request; resolves once that request settled. */
    toggle(symbol: string): Promise<boolean> {
      const before = store.getState().starred[symbol] === true;
      const want = !before;
      setStar(symbol, want);
      setPending(symbol, 1);
      const run = async () => {
        try {
          await (want ? calls.add(symbol) : calls.remove(symbol));
          return true;
        } catch {
          setStar(symbol, before);
          return false;
        } finally {
          setPending(symbol, -1);
        }
      };
      const done = queue.then(run);
      queue = done.then(() => undefined);
      return done;
    },
  };
}

export type Favourites = ReturnType<typeof createFavourites>;
