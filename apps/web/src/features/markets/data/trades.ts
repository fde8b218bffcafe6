import { createStore } from 'zustand/vanilla';
import type { z } from 'zod';
import type { tradeSchema } from '@meridian/contract/calls/market';
import { Batcher, type Schedule } from '../../../shared/realtime/batcher.ts';

export type Trade = z.infer<typeof tradeSchema>;

export const TRADES_KEPT = 50;
export const TRADES_THROTTLE_MS = 250;

export interface TradesState {
  /** Newest first, at most TRADES_KEPT. */
  trades: Trade[];
}

/** Puts new trades in front of the known ones, newest first, without repeats. */
export function mergeTrades(known: Trade[], incoming: Trade[]): Trade[] {
  const seen = new Set<string>();
  const all = [...incoming].sort((a, b) => b.time - a.time).concat(known);
  const out: Trade[] = [];
  for (const trade of all) {
    if (seen.has(trade.id)) continue;
    seen.add(trade.id);
    out.push(trade);
    if (out.length === TRADES_KEPT) break;
  }
  return out;
}

/** Recent trades of the market on screen. */
export function createTradesStore(throttleMs = TRADES_THROTTLE_MS, schedule?: Schedule) {
  const store = createStore<TradesState>(() => ({ trades: [] }));
  const batcher = new Batcher<Trade>(
    throttleMs,
    (items) => store.setState({ trades: mergeTrades(store.getState().trades, items) }),
    schedule,
  );
  return {
    store,
    snapshot(trades: Trade[]) {
      batcher.clear();
      store.setState({ trades: mergeTrades([], trades) });
    },
    update(trades: Trade[]) {
      batcher.push(trades);
    },
    seed(trades: Trade[]) {
      store.setState({ trades: mergeTrades(store.getState().trades, trades) });
    },
    reset() {
      batcher.clear();
      store.setState({ trades: [] });
    },
  };
}

export type TradesStore = ReturnType<typeof createTradesStore>;
