// The fixed-seed order stream the benchmarks share: limit orders around a mid price of
// 10,000 ticks (± 50), sizes 1-100 lots, sides at random so about half cross the book.

export interface StreamOp {
  /** 0 for a cancel of `id`. */
  kind: 'order' | 'cancel';
  id: number;
  user: number;
  side: 'buy' | 'sell';
  price: number;
  lots: number;
}

/** mulberry32: a tiny, fast, seeded generator, good enough to make a repeatable stream. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const MID = 10_000;

/** `orders` limit orders, plus a cancel of an earlier order as `cancelShare` of all ops. */
export function orderStream(
  orders: number,
  cancelShare: number,
  users = 1_000,
  seed = 42,
): StreamOp[] {
  const rand = mulberry32(seed);
  const ops: StreamOp[] = [];
  let placed = 0;
  while (placed < orders) {
    if (placed > 0 && rand() < cancelShare) {
      const id = 1 + Math.floor(rand() * placed);
      ops.push({ kind: 'cancel', id, user: 0, side: 'buy', price: 0, lots: 0 });
      continue;
    }
    placed++;
    ops.push({
      kind: 'order',
      id: placed,
      user: Math.floor(rand() * users),
      side: rand() < 0.5 ? 'buy' : 'sell',
      price: MID - 50 + Math.floor(rand() * 101),
      lots: 1 + Math.floor(rand() * 100),
    });
  }
  return ops;
}

/**
 * Runs `run` `warmups` times untimed so the JIT has settled, then `runs` times timed, each
 * on a fresh `prepare()`; returns the median seconds. No collection is forced between
 * runs: a forced one shrinks the young generation, and the next run then pays for growing
 * it again, which is not what a long-running engine sees.
 */
export function medianSeconds<T>(
  warmups: number,
  runs: number,
  prepare: () => T,
  run: (prepared: T) => void,
): number {
  const times: number[] = [];
  for (let i = 0; i < warmups; i++) run(prepare());
  for (let i = 0; i < runs; i++) {
    const prepared = prepare();
    const began = performance.now();
    run(prepared);
    times.push((performance.now() - began) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}

export function perSecond(ops: number, seconds: number): string {
  return `${Math.round(ops / seconds).toLocaleString('en-US')} ops/s`;
}
