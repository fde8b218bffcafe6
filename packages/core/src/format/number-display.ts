import { plainRules } from './number-style.ts';

/** Shown instead of a value that is not a number, so a bad field never reads as zero. */
export const NOT_A_NUMBER = '--';

/**
 * The amount rule of seed section 9 (see number-style.ts) in its compact form and without
 * a locale: no thousands separators, M/B/T from 1e6 with 2 decimals. For text that is not
 * shown to a reader in a locale (exports, logs); screens use `displayAmount`.
 */
export function formatNumber(value: string): string {
  return plainRules.amount(value, true) ?? NOT_A_NUMBER;
}

/**
 * The price rule of seed section 9 (see number-style.ts) in its compact form and without
 * a locale: K, M, B, T from 1e3, 1e6, 1e9, 1e12 with 2 decimals; below 1000 as
 * `displayPrice`. Screens use `displayPrice`.
 */
export function formatPrice(value: string): string {
  return plainRules.price(value, { compact: true }) ?? NOT_A_NUMBER;
}

/**
 * Seed sections 4 and 9: the absolute change with 2 decimals; a nonzero change that would
 * show as 0.00 shows as the minimum 0.01, so a move is never hidden. The sign is carried
 * by colour and arrow, not by this text. Screens use `displayPercent`.
 */
export function formatChangePercent(value: string): string {
  return plainRules.percentMagnitude(value) ?? NOT_A_NUMBER;
}
