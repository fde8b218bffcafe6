import { createStore } from 'zustand/vanilla';
import type { PriceInfo } from '@meridian/contract/calls/market';
import { Batcher, type Schedule } from '../../../shared/realtime/batcher.ts';

/** Seed section 4 via ARCHITECTURE: tickers paint about once a second. */
export const TICKER_THROTTLE_MS = 1000;

export interface TickerState {
  /** Latest price info per symbol. An unchanged symbol keeps its object, so a row that
   * selects only its own symbol does not re-render when another market ticks. */
  bySymbol: Record<string, PriceInfo>;
  /** True once a snapshot (socket) or the initial HTTP answer has filled the store. */
  ready: boolean;
}

export function createTickerStore(throttleMs = TICKER_THROTTLE_MS, schedule?: Schedule) {
  const store = createStore<TickerState>(() => ({ bySymbol: {}, ready: false }));

  const merge = (items: PriceInfo[], keepNewer: boolean) => {
    const current = store.getState().bySymbol;
    const next = { ...current };
    let changed = false;
    for (const item of items) {
      const old = next[item.symbol];
      // HTTP data can arrive after a socket tick; it never takes a newer price back.
      if (keepNewer && old && old.time > item.time) continue;
      next[item.symbol] = item;
      changed = true;
    }
    if (changed || !store.getState().ready) store.setState({ bySymbol: next, ready: true });
  };

  const batcher = new Batcher<PriceInfo>(throttleMs, (items) => merge(items, false), schedule);

  return {
    store,
    /** A socket snapshot: painted at once, replacing what waited. */
    snapshot(items: PriceInfo[]) {
      batcher.clear();
      merge(items, false);
    },
    /** Socket updates: applied in the next batch. */
    update(items: PriceInfo[]) {
      batcher.push(items);
    },
    /** Initial HTTP data, e.g. `marketInitData`'s tickers. */
    seed(items: PriceInfo[]) {
      merge(items, true);
    },
    dispose() {
      batcher.clear();
    },
  };
}

export type TickerStore = ReturnType<typeof createTickerStore>;
