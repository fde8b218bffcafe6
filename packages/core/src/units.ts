/**
 * Amounts as integer minor units. `parseUnits('1.5', 8)` is 150000000n; `formatUnits`
 * turns it back into the canonical decimal string. No step goes through a JS number.
 */

import { Decimal } from './decimal.ts';

export class UnitsError extends Error {
  constructor(
    readonly reason: 'format' | 'precision' | 'negative' | 'range',
    message: string,
  ) {
    super(message);
    this.name = 'UnitsError';
  }
}

export interface ParseUnitsOptions {
  /** Accept a leading minus sign (ledger corrections, P&L); amounts a user sends never do. */
  allowNegative?: boolean;
  /** Largest accepted absolute value, in minor units. */
  max?: bigint;
}

/**
 * Parses a plain decimal string: digits, an optional fraction, no exponent, no spaces,
 * no `+`, no `NaN`. More fraction digits than `decimals` is refused, never rounded.
 */
export function parseUnits(
  text: string,
  decimals: number,
  options: ParseUnitsOptions = {},
): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36) {
    throw new RangeError(`decimals must be an integer from 0 to 36, got ${decimals}`);
  }
  if (text.startsWith('-') && !options.allowNegative) {
    throw new UnitsError('negative', 'amount must not be negative');
  }
  const value = Decimal.parse(text);
  if (!value) throw new UnitsError('format', `"${text}" is not a decimal number`);
  if (value.decimalPlaces() > decimals) {
    throw new UnitsError('precision', `at most ${decimals} decimal places are allowed`);
  }
  // Exact: the value has no digit past `decimals`, so the rounding never applies.
  const { units } = value.rescale(decimals, 'down');
  if (options.max !== undefined && (units < 0n ? -units : units) > options.max) {
    throw new UnitsError('range', 'amount is larger than the allowed maximum');
  }
  return units;
}

/** The canonical decimal string: no trailing fraction zeros, no exponent. */
export function formatUnits(units: bigint, decimals: number): string {
  return Decimal.fromUnits(units, decimals).toString();
}

/** Digits after the point of a plain decimal string, as written ("1.250" → 3). */
export function fractionDigits(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}
