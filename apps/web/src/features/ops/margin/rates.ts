import { Decimal, formatRate, hourlyOfDaily, parseRate } from '@meridian/core';

/*
 * The arithmetic the margin dialogs show, on the server's own rate units (10⁻⁸), never
 * through a float: what hourly and yearly rate a daily rate gives, and
 * whether a savings share is within the platform's cap.
 */

/**
 * The hourly rate charged for a daily rate, as the server sets it: ÷ 24, rounded up to the
 * 8th decimal ("0.0002" -> "0.00000834"); null when the text is not a rate.
 */
export function hourlyOfDailyRate(daily: string): string | null {
  const units = parseRate(daily);
  return units === null || units < 0n ? null : formatRate(hourlyOfDaily(units));
}

/** The yearly rate published for a daily rate: its hourly rate × 24 × 365. */
export function yearlyOfDailyRate(daily: string): string | null {
  const units = parseRate(daily);
  return units === null || units < 0n ? null : formatRate(hourlyOfDaily(units) * 24n * 365n);
}

/** Whether a savings share (a fraction) is at most the cap; false when either is not one. */
export function shareWithin(share: string, max: string): boolean {
  const value = parseRate(share);
  const cap = parseRate(max);
  return value !== null && cap !== null && value >= 0n && value <= cap;
}

/** Whether a rate is zero (a share of "0" or "0.00": savings do not lend). */
export function isZeroRate(rate: string): boolean {
  return parseRate(rate) === 0n;
}

/** The sum of two amounts (decimal strings), exactly; the first when the second is not one. */
export function plusAmount(a: string, b: string): string {
  const x = Decimal.parse(a);
  const y = Decimal.parse(b);
  return x && y ? x.plus(y).toString() : a;
}
