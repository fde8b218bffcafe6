import { Decimal } from '../decimal.ts';

/** Shown instead of a value that is not a number, so a bad field never reads as zero. */
export const NOT_A_NUMBER = '--';

const ABBREVIATIONS = [
  { power: 12, suffix: 'T' },
  { power: 9, suffix: 'B' },
  { power: 6, suffix: 'M' },
] as const;

const atLeast = (value: Decimal, power: number) =>
  value.abs().compare(Decimal.fromUnits(10n ** BigInt(power), 0)) >= 0;

/** The value in units of 10^power (millions, billions…): only the point moves. */
const inUnitsOf = (value: Decimal, power: number) =>
  Decimal.fromUnits(value.units, value.scale + power);

/**
 * Display rule of seed section 9 for amounts and balances. Extra digits are cut, not
 * rounded, so a balance never shows more than it is and a value never jumps to the next
 * range:
 * - under 1: up to 8 decimals; 1-10: up to 6; 10-1000: up to 5 (trailing zeros dropped);
 * - 1k-10k: 3 decimals; 10k-100k: 2; 100k-1M: 1 (fixed, so columns line up);
 * - from 1e6, 1e9, 1e12: M, B, T with 2 decimals.
 */
export function formatNumber(value: string): string {
  const parsed = Decimal.parseLenient(value);
  if (!parsed) return NOT_A_NUMBER;
  for (const { power, suffix } of ABBREVIATIONS) {
    if (atLeast(parsed, power)) return inUnitsOf(parsed, power).toFixed(2, 'down') + suffix;
  }
  if (atLeast(parsed, 5)) return parsed.toFixed(1, 'down');
  if (atLeast(parsed, 4)) return parsed.toFixed(2, 'down');
  if (atLeast(parsed, 3)) return parsed.toFixed(3, 'down');
  const decimals = atLeast(parsed, 1) ? 5 : atLeast(parsed, 0) ? 6 : 8;
  return parsed.rescale(decimals, 'down').toString();
}

const PRICE_ABBREVIATIONS = [...ABBREVIATIONS, { power: 3, suffix: 'K' }] as const;

function smallPrice(parsed: Decimal): string {
  // Below 1 a price needs its significant digits (0.00001234); at least 4 places keep a
  // column of small prices aligned.
  const kept = parsed.rescale(8, 'half-up');
  return kept.toFixed(Math.max(4, kept.decimalPlaces()), 'half-up');
}

/**
 * Price rule of seed section 9: K, M, B, T from 1e3, 1e6, 1e9, 1e12 with 2 decimals;
 * from 100 two decimals; from 1 four decimals; below 1 up to 8 (at least 4). Prices are
 * rounded (half away from zero) as quotes usually are.
 */
export function formatPrice(value: string): string {
  const parsed = Decimal.parseLenient(value);
  if (!parsed) return NOT_A_NUMBER;
  for (const { power, suffix } of PRICE_ABBREVIATIONS) {
    if (atLeast(parsed, power)) return inUnitsOf(parsed, power).toFixed(2, 'half-up') + suffix;
  }
  if (atLeast(parsed, 2)) return parsed.toFixed(2, 'half-up');
  if (atLeast(parsed, 0)) return parsed.toFixed(4, 'half-up');
  return smallPrice(parsed);
}

/**
 * Seed sections 4 and 9: the absolute change with 2 decimals; a nonzero change that would
 * show as 0.00 shows as the minimum 0.01, so a move is never hidden. The sign is carried
 * by colour and arrow, not by this text.
 */
export function formatChangePercent(value: string): string {
  const magnitude = Decimal.parseLenient(value)?.abs();
  if (!magnitude) return NOT_A_NUMBER;
  if (!magnitude.isZero() && magnitude.rescale(2, 'half-up').isZero()) return '0.01';
  return magnitude.toFixed(2, 'half-up');
}
