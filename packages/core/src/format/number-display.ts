import {
  fixedText,
  magnitudeAtLeast,
  parseDecimalText,
  plainText,
  roundFraction,
  shiftLeft,
  truncateFraction,
  type DecimalText,
} from './decimal-text.ts';

/** Shown instead of a value that is not a number, so a bad field never reads as zero. */
export const NOT_A_NUMBER = '--';

const ABBREVIATIONS = [
  { power: 12, suffix: 'T' },
  { power: 9, suffix: 'B' },
  { power: 6, suffix: 'M' },
] as const;

/**
 * Display rule of seed section 9 for amounts and balances. Extra digits are cut, not
 * rounded, so a balance never shows more than it is and a value never jumps to the next
 * range:
 * - under 1: up to 8 decimals; 1-10: up to 6; 10-1000: up to 5 (trailing zeros dropped);
 * - 1k-10k: 3 decimals; 10k-100k: 2; 100k-1M: 1 (fixed, so columns line up);
 * - from 1e6, 1e9, 1e12: M, B, T with 2 decimals.
 */
export function formatNumber(value: string): string {
  const parsed = parseDecimalText(value);
  if (!parsed) return NOT_A_NUMBER;
  for (const { power, suffix } of ABBREVIATIONS) {
    if (magnitudeAtLeast(parsed, power)) {
      return fixedText(truncateFraction(shiftLeft(parsed, power), 2), 2) + suffix;
    }
  }
  if (magnitudeAtLeast(parsed, 5)) return fixedText(truncateFraction(parsed, 1), 1);
  if (magnitudeAtLeast(parsed, 4)) return fixedText(truncateFraction(parsed, 2), 2);
  if (magnitudeAtLeast(parsed, 3)) return fixedText(truncateFraction(parsed, 3), 3);
  if (magnitudeAtLeast(parsed, 1)) return plainText(truncateFraction(parsed, 5));
  if (magnitudeAtLeast(parsed, 0)) return plainText(truncateFraction(parsed, 6));
  return plainText(truncateFraction(parsed, 8));
}

const PRICE_ABBREVIATIONS = [...ABBREVIATIONS, { power: 3, suffix: 'K' }] as const;

function smallPrice(parsed: DecimalText): string {
  // Below 1 a price needs its significant digits (0.00001234); at least 4 places keep a
  // column of small prices aligned.
  const kept = roundFraction(parsed, 8);
  return fixedText(kept, Math.max(4, kept.fraction.length));
}

/**
 * Price rule of seed section 9: K, M, B, T from 1e3, 1e6, 1e9, 1e12 with 2 decimals;
 * from 100 two decimals; from 1 four decimals; below 1 up to 8 (at least 4). Prices are
 * rounded (half away from zero) as quotes usually are.
 */
export function formatPrice(value: string): string {
  const parsed = parseDecimalText(value);
  if (!parsed) return NOT_A_NUMBER;
  for (const { power, suffix } of PRICE_ABBREVIATIONS) {
    if (magnitudeAtLeast(parsed, power)) {
      return fixedText(roundFraction(shiftLeft(parsed, power), 2), 2) + suffix;
    }
  }
  if (magnitudeAtLeast(parsed, 2)) return fixedText(roundFraction(parsed, 2), 2);
  if (magnitudeAtLeast(parsed, 0)) return fixedText(roundFraction(parsed, 4), 4);
  return smallPrice(parsed);
}

/**
 * Seed sections 4 and 9: the absolute change with 2 decimals; a nonzero change that would
 * show as 0.00 shows as the minimum 0.01, so a move is never hidden. The sign is carried
 * by colour and arrow, not by this text.
 */
export function formatChangePercent(value: string): string {
  const parsed = parseDecimalText(value);
  if (!parsed) return NOT_A_NUMBER;
  const magnitude = { ...parsed, negative: false };
  const rounded = roundFraction(magnitude, 2);
  const isZero = (v: DecimalText) => v.whole === '0' && v.fraction === '';
  if (isZero(rounded) && !isZero(magnitude)) return '0.01';
  return fixedText(rounded, 2);
}
