/**
 * Decimal numbers as text. Display and input helpers work on the digits themselves, so a
 * value such as "0.1" or "12345678901234567890.12" is never bent by a JS number.
 */

export interface DecimalText {
  negative: boolean;
  /** Whole digits without leading zeros ("0" for none). */
  whole: string;
  /** Fraction digits without trailing zeros ("" for none). */
  fraction: string;
}

const PLAIN = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Reads "12.50", "-0.5", ".5", "1e6" or "1.2E-7"; anything else is undefined. */
export function parseDecimalText(text: string): DecimalText | undefined {
  const match = PLAIN.exec(text.trim());
  if (!match) return undefined;
  const [, sign = '', rawWhole = '', rawFraction = '', rawExponent] = match;
  if (rawWhole === '' && rawFraction === '') return undefined;
  let digits = rawWhole + rawFraction;
  // The position of the decimal point inside `digits`, moved by the exponent.
  let point = rawWhole.length + (rawExponent ? Number.parseInt(rawExponent, 10) : 0);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  } else if (point > digits.length) {
    digits = digits + '0'.repeat(point - digits.length);
  }
  const whole = digits.slice(0, point).replace(/^0+/, '') || '0';
  const fraction = digits.slice(point).replace(/0+$/, '');
  const zero = whole === '0' && fraction === '';
  return { negative: sign === '-' && !zero, whole, fraction };
}

/** Cuts the fraction to `decimals` digits (towards zero), never rounding up. */
export function truncateFraction(value: DecimalText, decimals: number): DecimalText {
  const fraction = value.fraction.slice(0, decimals).replace(/0+$/, '');
  const zero = value.whole === '0' && fraction === '';
  return { negative: value.negative && !zero, whole: value.whole, fraction };
}

/** Rounds the fraction to `decimals` digits, half away from zero. */
export function roundFraction(value: DecimalText, decimals: number): DecimalText {
  if (value.fraction.length <= decimals) return value;
  const roundUp = value.fraction.charCodeAt(decimals) - 48 >= 5;
  const kept = truncateFraction(value, decimals);
  if (!roundUp) return kept;
  // Add one unit in the last kept place, carrying through the digits as text.
  const digits = (value.whole + value.fraction.slice(0, decimals)).split('');
  let i = digits.length - 1;
  for (; i >= 0; i--) {
    if (digits[i] === '9') {
      digits[i] = '0';
    } else {
      digits[i] = String.fromCharCode((digits[i] ?? '0').charCodeAt(0) + 1);
      break;
    }
  }
  const all = (i < 0 ? '1' : '') + digits.join('');
  const wholeLength = all.length - decimals;
  return {
    negative: value.negative,
    whole: all.slice(0, wholeLength).replace(/^0+/, '') || '0',
    fraction: all.slice(wholeLength).replace(/0+$/, ''),
  };
}

/** Writes the value with exactly `decimals` fraction digits (padding with zeros). */
export function fixedText(value: DecimalText, decimals: number): string {
  const fraction = value.fraction.padEnd(decimals, '0').slice(0, decimals);
  return (value.negative ? '-' : '') + value.whole + (decimals > 0 ? `.${fraction}` : '');
}

/** Writes the value without trailing fraction zeros. */
export function plainText(value: DecimalText): string {
  return (value.negative ? '-' : '') + value.whole + (value.fraction ? `.${value.fraction}` : '');
}

/** Compares the magnitude (absolute value) with 10^power, for power >= 0. */
export function magnitudeAtLeast(value: DecimalText, power: number): boolean {
  return value.whole !== '0' && value.whole.length > power;
}

/** Divides the magnitude by 10^power by moving the decimal point. */
export function shiftLeft(value: DecimalText, power: number): DecimalText {
  const whole = value.whole.padStart(power + 1, '0');
  const cut = whole.length - power;
  return {
    negative: value.negative,
    whole: whole.slice(0, cut).replace(/^0+/, '') || '0',
    fraction: (whole.slice(cut) + value.fraction).replace(/0+$/, ''),
  };
}
