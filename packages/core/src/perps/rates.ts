/**
 * Perpetual-contract arithmetic works on integers: prices in quote minor units per whole
 * base unit (as spot), sizes in base minor units, money in quote minor units, and rates
 * (maintenance rates, funding rates, premiums) in units of 10⁻⁸, so a funding rate of
 * 0.01 % is 10_000n and a maintenance rate of 0.4 % is 400_000n.
 */
export const RATE_ONE = 100_000_000n;

/** A rate written as a decimal fraction ("0.0001" = 0.01 %) in rate units; null if not one. */
export function parseRate(text: string): bigint | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,8}))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const units = BigInt(whole!) * RATE_ONE + BigInt(fraction.padEnd(8, '0'));
  return sign === '-' ? -units : units;
}

/** A rate in rate units as a decimal fraction, trailing zeros dropped ("0.0001"). */
export function formatRate(rate: bigint): string {
  const negative = rate < 0n;
  const magnitude = negative ? -rate : rate;
  const whole = magnitude / RATE_ONE;
  const fraction = (magnitude % RATE_ONE).toString().padStart(8, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export function clamp(value: bigint, low: bigint, high: bigint): bigint {
  return value < low ? low : value > high ? high : value;
}

/** Division rounding toward negative infinity (BigInt division truncates toward zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** Division rounding toward positive infinity. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}
