/**
 * Amounts as integer minor units. `parseUnits('1.5', 8)` is 150000000n; `formatUnits`
 * turns it back into the canonical decimal string. No step goes through a JS number.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

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
  const negative = text.startsWith('-');
  if (negative && !options.allowNegative) {
    throw new UnitsError('negative', 'amount must not be negative');
  }
  const body = negative ? text.slice(1) : text;
  const match = DECIMAL.exec(body);
  if (!match) throw new UnitsError('format', `"${text}" is not a decimal number`);
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) {
    throw new UnitsError('precision', `at most ${decimals} decimal places are allowed`);
  }
  const magnitude = BigInt(whole + fraction.padEnd(decimals, '0'));
  if (options.max !== undefined && magnitude > options.max) {
    throw new UnitsError('range', 'amount is larger than the allowed maximum');
  }
  // `-0` and `-0.00` are zero, not a negative amount.
  return negative ? -magnitude : magnitude;
}

/** The canonical decimal string: no trailing fraction zeros, no exponent. */
export function formatUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Digits after the point of a plain decimal string, as written ("1.250" → 3). */
export function fractionDigits(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}
