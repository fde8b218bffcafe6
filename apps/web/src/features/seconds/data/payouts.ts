import { Decimal } from '@meridian/core';
import type { Period } from '@meridian/contract/calls/seconds';

export interface Payouts {
  stake: string;
  charge: string;
  /** What comes back on a win, a loss and a tie (the charge is paid in every case). */
  win: string;
  loss: string;
  tie: string;
  /** What leaves the balance now: stake + charge. */
  total: string;
}

const parse = (text: string) => Decimal.parse(text) ?? Decimal.parse('0')!;

/**
 * What the confirmation shows before money moves, computed exactly as the engine does:
 * products cut to the coin's decimals (never rounded up in the user's favour or against).
 */
export function payoutsOf(period: Period, stake: string, decimals: number): Payouts {
  const s = parse(stake);
  const cut = (d: Decimal) => d.rescale(decimals, 'down');
  const charge = cut(s.times(parse(period.chargeRate)));
  return {
    stake: s.toString(),
    charge: charge.toString(),
    win: s.plus(cut(s.times(parse(period.profitRate)))).toString(),
    loss: s.minus(cut(s.times(parse(period.lossRate)))).toString(),
    tie: s.toString(),
    total: s.plus(charge).toString(),
  };
}

/** A published rate as a percentage: `0.2` → `20`. */
export function percentOf(rate: string): string {
  return parse(rate).times(parse('100')).toString();
}

/** Whole coins only, as the server requires ('Quantity must be an integer'). */
export function stakeProblem(
  text: string,
  period: Period | undefined,
): 'empty' | 'integer' | 'min' | 'max' | null {
  if (text.trim() === '') return 'empty';
  if (!/^\d+$/.test(text.trim())) return 'integer';
  if (!period) return null;
  const value = BigInt(text.trim());
  if (value < BigInt(period.minStake)) return 'min';
  if (value > BigInt(period.maxStake)) return 'max';
  return null;
}
