import { createStore } from 'zustand/vanilla';
import type { CandleData } from '@meridian/contract/calls/market';
import { Batcher, type Schedule } from '../../../shared/realtime/batcher.ts';

export const CANDLES_KEPT = 1000;
export const CANDLES_THROTTLE_MS = 250;

export interface CandlesState {
  /** Oldest first; the last one is still open. */
  candles: CandleData[];
  /** 'reset' when the whole series was replaced (the chart sets its data), 'tail' when
   * only the last candles changed (the chart updates them in place). */
  change: 'reset' | 'tail';
}

/** Applies changed candles: the open one is replaced, a new one appended. */
export function mergeCandles(known: CandleData[], incoming: CandleData[]): CandleData[] {
  // The chart refuses a series out of time order (it throws); the contract promises the
  // order, and this keeps one bad answer from breaking the page.
  const ordered = known.every((c, i) => i === 0 || (known[i - 1]?.time ?? 0) < c.time);
  const out = ordered ? known.slice() : [...known].sort((a, b) => a.time - b.time);
  for (const candle of [...incoming].sort((a, b) => a.time - b.time)) {
    const last = out[out.length - 1];
    if (!last || candle.time > last.time) out.push(candle);
    else if (candle.time === last.time) out[out.length - 1] = candle;
    else {
      const index = out.findIndex((c) => c.time === candle.time);
      if (index >= 0) out[index] = candle;
    }
  }
  return out.length > CANDLES_KEPT ? out.slice(out.length - CANDLES_KEPT) : out;
}

/** Candles of the market and interval on screen. */
export function createCandlesStore(throttleMs = CANDLES_THROTTLE_MS, schedule?: Schedule) {
  const store = createStore<CandlesState>(() => ({ candles: [], change: 'reset' }));
  const batcher = new Batcher<CandleData>(
    throttleMs,
    (items) =>
      store.setState({ candles: mergeCandles(store.getState().candles, items), change: 'tail' }),
    schedule,
  );
  return {
    store,
    /** The socket's snapshot carries recent candles; it is merged over the HTTP history. */
    snapshot(candles: CandleData[]) {
      batcher.clear();
      store.setState({ candles: mergeCandles(store.getState().candles, candles), change: 'reset' });
    },
    update(candles: CandleData[]) {
      batcher.push(candles);
    },
    /** HTTP history: older candles, with anything the socket already sent kept on top. */
    seed(candles: CandleData[]) {
      store.setState({ candles: mergeCandles(candles, store.getState().candles), change: 'reset' });
    },
    reset() {
      batcher.clear();
      store.setState({ candles: [], change: 'reset' });
    },
  };
}

export type CandlesStore = ReturnType<typeof createCandlesStore>;
