import { Decimal } from '@meridian/core';

/** Why a quantity cannot be swapped yet; the form shows it under the field. */
export type QuantityProblem = 'required' | 'invalid' | 'zero' | 'insufficient';

/**
 * Checks a typed quantity (already cut to the coin's decimals) against the available
 * balance. `insufficient` still gets a quote, so the user sees the rate, but no swap.
 */
export function quantityProblem(quantity: string, available: string): QuantityProblem | null {
  if (quantity.trim() === '') return 'required';
  const value = Decimal.parse(quantity);
  if (!value || quantity.startsWith('-')) return 'invalid';
  if (value.isZero()) return 'zero';
  const limit = Decimal.parse(available);
  if (!limit || value.gt(limit)) return 'insufficient';
  return null;
}

/** Whether a quantity with this problem is worth a quote. */
export const quotable = (problem: QuantityProblem | null) =>
  problem === null || problem === 'insufficient';

/** Basis points as a percent for people: 50 → "0.5". */
export function bpsPercent(bps: number): string {
  return Decimal.fromUnits(BigInt(bps), 2).toString();
}

/**
 * Whole seconds a quote has left, on the browser's clock: the quote's own validity
 * (expiresAt − createdAt, both on the server's clock) counted from when it arrived, so a
 * browser clock set wrong never shows a quote as valid when the server no longer takes it.
 */
export function secondsLeft(
  quote: { createdAt: number; expiresAt: number },
  receivedAt: number,
  now: number,
): number {
  const validity = quote.expiresAt - quote.createdAt;
  // Never more than the quote's own validity, whatever moment `now` was read at.
  const left = Math.min(validity, receivedAt + validity - now);
  return Math.max(0, Math.ceil(left / 1000));
}
