import { createStore } from 'zustand/vanilla';
import type { z } from 'zod';
import type { depthSchema } from '@meridian/contract/calls/market';
import { Batcher, type Schedule } from '../../../shared/realtime/batcher.ts';

export type Depth = z.infer<typeof depthSchema>;

/** The order book repaints about five times a second: fast enough to feel live. */
export const DEPTH_THROTTLE_MS = 200;

export interface DepthState {
  depth: Depth | null;
}

/**
 * The order book of the market on screen. Every DEPTH message carries the full top
 * levels, so a batch only needs its last message.
 */
export function createDepthStore(throttleMs = DEPTH_THROTTLE_MS, schedule?: Schedule) {
  const store = createStore<DepthState>(() => ({ depth: null }));
  const batcher = new Batcher<Depth>(
    throttleMs,
    (items) => {
      const last = items[items.length - 1];
      if (last) store.setState({ depth: last });
    },
    schedule,
  );
  return {
    store,
    snapshot(depth: Depth) {
      batcher.clear();
      store.setState({ depth });
    },
    update(depth: Depth) {
      batcher.push([depth]);
    },
    /** HTTP depth, shown only until the socket's own snapshot arrives. */
    seed(depth: Depth) {
      const current = store.getState().depth;
      if (!current || current.symbol !== depth.symbol || current.time < depth.time)
        store.setState({ depth });
    },
    reset() {
      batcher.clear();
      store.setState({ depth: null });
    },
  };
}

export type DepthStore = ReturnType<typeof createDepthStore>;
