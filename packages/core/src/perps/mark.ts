import { clamp, floorDiv, RATE_ONE } from './rates.ts';

/**
 * The mark price positions are valued and liquidated at: the median of
 * - the index carried to the next funding by the last funding rate:
 *   index × (1 + rate × time to funding ÷ interval),
 * - the index plus the moving average of (book mid − index) over the last 30 s,
 * - the last trade price (the index when the market has not traded yet),
 * so one thin trade or one spoofed book cannot move it alone.
 */
export function markPrice(input: {
  index: bigint;
  lastPrice: bigint | null;
  fundingRate: bigint;
  msToFunding: number;
  intervalMs: number;
  /** Moving average of (mid − index), `BasisAverage`. */
  basis: bigint;
}): bigint {
  const { index, fundingRate, msToFunding, intervalMs } = input;
  const carried =
    index +
    floorDiv(
      index * fundingRate * BigInt(clampMs(msToFunding, intervalMs)),
      RATE_ONE * BigInt(intervalMs),
    );
  return median(carried, index + input.basis, input.lastPrice ?? index);
}

function clampMs(ms: number, interval: number): number {
  return Math.max(0, Math.min(Math.floor(ms), interval));
}

export function median(a: bigint, b: bigint, c: bigint): bigint {
  return clamp(a, b < c ? b : c, b < c ? c : b);
}

/**
 * The moving average of (book mid − index) over a window (30 s by default), from samples
 * taken on each index tick; samples older than the window fall out. No book (no mid) means
 * no sample.
 */
export class BasisAverage {
  private readonly samples: Array<{ at: number; basis: bigint }> = [];
  private sum = 0n;

  constructor(private readonly windowMs = 30_000) {}

  /** The samples in the window, oldest first (a snapshot keeps them). */
  entries(): Array<[at: number, basis: bigint]> {
    return this.samples.map((s) => [s.at, s.basis]);
  }

  restore(entries: ReadonlyArray<readonly [number, bigint]>): void {
    for (const [at, basis] of entries) {
      this.samples.push({ at, basis });
      this.sum += basis;
    }
  }

  add(at: number, mid: bigint, index: bigint): void {
    const basis = mid - index;
    this.samples.push({ at, basis });
    this.sum += basis;
    this.expire(at);
  }

  value(now: number): bigint {
    this.expire(now);
    return this.samples.length === 0 ? 0n : floorDiv(this.sum, BigInt(this.samples.length));
  }

  private expire(now: number): void {
    while (this.samples.length > 0 && this.samples[0]!.at <= now - this.windowMs) {
      this.sum -= this.samples.shift()!.basis;
    }
  }
}
