/**
 * Runs `flush` at most once per `intervalMs`. The first change after a quiet period is
 * flushed at once (a lone tick is never held back), later ones wait for the end of the
 * interval and go out together; the caller keeps what accumulates and decides what
 * "together" means (latest wins, or a batch).
 */
export interface Throttle {
  /** Something changed: flush now, or at the end of the current interval. */
  touch(): void;
  /** Drops a pending flush (the channel has no listeners any more). */
  cancel(): void;
}

export function createThrottle(intervalMs: number, flush: () => void): Throttle {
  let lastFlush = -Infinity;
  let timer: NodeJS.Timeout | null = null;

  const run = () => {
    timer = null;
    lastFlush = performance.now();
    flush();
  };

  return {
    touch() {
      if (timer) return;
      const wait = lastFlush + intervalMs - performance.now();
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
