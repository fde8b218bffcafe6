/** Timers as the stores use them; tests pass fake timers through the global ones. */
export type Schedule = (run: () => void, ms: number) => () => void;

export const defaultSchedule: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/**
 * Collects updates and hands them over at most once per `ms`. A socket can send dozens of
 * ticks a second; painting each one costs more than the eye can follow, so a store takes
 * them in batches (tickers ~1 s, order book ~200 ms). `flushNow` applies what waits at
 * once, for a snapshot that must paint without delay and must not be overtaken.
 */
export class Batcher<T> {
  private pending: T[] = [];
  private cancel: (() => void) | null = null;

  constructor(
    private readonly ms: number,
    private readonly apply: (items: T[]) => void,
    private readonly schedule: Schedule = defaultSchedule,
  ) {}

  push(items: T[]): void {
    this.pending.push(...items);
    if (this.cancel) return;
    this.cancel = this.schedule(() => {
      this.cancel = null;
      this.flushNow();
    }, this.ms);
  }

  flushNow(): void {
    this.cancel?.();
    this.cancel = null;
    if (this.pending.length === 0) return;
    const items = this.pending;
    this.pending = [];
    this.apply(items);
  }

  /** Drops what waits, e.g. when a snapshot replaces everything before it. */
  clear(): void {
    this.cancel?.();
    this.cancel = null;
    this.pending = [];
  }
}
