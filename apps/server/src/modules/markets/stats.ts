import type { Candle } from '@meridian/core';

const DAY_MS = 86_400_000;

/**
 * `part / whole` as a signed percent with exactly 2 decimals, rounded half away from
 * zero, in integer arithmetic: `percent2(-125n, 10_000n)` is `-1.25`.
 */
export function percent2(part: bigint, whole: bigint): string {
  if (whole === 0n) return '0.00';
  const scaled = part * 10_000n;
  const negative = scaled < 0n !== whole < 0n && scaled !== 0n;
  const a = scaled < 0n ? -scaled : scaled;
  const b = whole < 0n ? -whole : whole;
  const hundredths = (a * 2n + b) / (2n * b);
  const text = `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
  return negative && hundredths !== 0n ? `-${text}` : text;
}

export interface DayStats {
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  /** Base minor units. */
  volume: bigint;
  /** Quote minor units. */
  amount: bigint;
}

/**
 * The rolling 24-hour window of one market, kept as its 1m candles: statistics are the
 * fold of the candles that opened within the last 24 hours.
 */
export class DayWindow {
  private minutes: Candle[] = [];

  constructor(initial: Candle[] = []) {
    this.minutes = [...initial];
  }

  /** The current 1m candle, replacing the last one when it is the same minute. */
  put(candle: Candle): void {
    const last = this.minutes.at(-1);
    if (last && last.openTime === candle.openTime) this.minutes[this.minutes.length - 1] = candle;
    else this.minutes.push(candle);
  }

  /** The last traded price, whenever it was. */
  lastClose(): bigint | undefined {
    return this.minutes.at(-1)?.close;
  }

  /** Open is the first trade of the window, close the last trade (even an older one). */
  stats(now: number): DayStats | undefined {
    const from = now - DAY_MS;
    const last = this.minutes.at(-1);
    if (!last) return undefined;
    let start = 0;
    while (start < this.minutes.length - 1 && this.minutes[start]!.openTime < from) start++;
    // Forget what left the window, but keep the last candle: its close is the last price.
    if (start > 0) this.minutes = this.minutes.slice(start);
    const inside = this.minutes.filter((c) => c.openTime >= from);
    if (inside.length === 0) {
      // No trade for a day: the day's figures are the last price, with no volume.
      const p = last.close;
      return { open: p, high: p, low: p, close: p, volume: 0n, amount: 0n };
    }
    let high = inside[0]!.high;
    let low = inside[0]!.low;
    let volume = 0n;
    let amount = 0n;
    for (const c of inside) {
      if (c.high > high) high = c.high;
      if (c.low < low) low = c.low;
      volume += c.volume;
      amount += c.amount;
    }
    return { open: inside[0]!.open, high, low, close: last.close, volume, amount };
  }
}
