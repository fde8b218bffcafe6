import { Decimal } from '@meridian/core';

/** Where a margin level stands against the published marks (1.3 warning, 1.1 liquidation). */
export type LevelState = 'none' | 'safe' | 'warning' | 'danger';

/**
 * The state of a margin level (assets ÷ debt, a decimal string; null when nothing is owed):
 * `danger` at or below the liquidation level, `warning` at or below the warning level,
 * `safe` above it, `none` when nothing is owed.
 */
export function levelState(
  level: string | null,
  warningLevel: string,
  liquidationLevel: string,
): LevelState {
  if (level === null) return 'none';
  const value = Decimal.parse(level);
  const warning = Decimal.parse(warningLevel);
  const liquidation = Decimal.parse(liquidationLevel);
  if (!value || !warning || !liquidation) return 'none';
  if (!value.gt(liquidation)) return 'danger';
  if (!value.gt(warning)) return 'warning';
  return 'safe';
}

/** The gauge runs from level 1 (nothing left) to this level; higher levels fill it. */
export const GAUGE_TOP = '3';

/**
 * Where a level sits on the gauge, in whole percent of its width (1 -> 0, 3 -> 100),
 * clamped; a position on screen, never a sum of money. Null (nothing owed) fills it.
 */
export function gaugePercent(level: string | null, top: string = GAUGE_TOP): number {
  if (level === null) return 100;
  const value = Decimal.parse(level);
  const high = Decimal.parse(top);
  const one = Decimal.parse('1')!;
  if (!value || !high || !high.gt(one)) return 0;
  if (!value.gt(one)) return 0;
  if (!value.lt(high)) return 100;
  const share = value
    .minus(one)
    .times(Decimal.parse('100')!)
    .dividedBy(high.minus(one), 0, 'floor');
  return Number(share.toString());
}

/** What settles a loan in full: principal + interest owed (decimal strings). */
export function owed(borrowed: string, interest: string): string {
  const principal = Decimal.parse(borrowed) ?? Decimal.parse('0')!;
  const due = Decimal.parse(interest) ?? Decimal.parse('0')!;
  return principal.plus(due).toString();
}

/**
 * The most a repayment can pay: what is owed (principal + interest), but no more than the
 * account holds available in the coin.
 */
export function repayMax(borrowed: string, interest: string, available: string): string {
  const due = Decimal.parse(owed(borrowed, interest))!;
  const have = Decimal.parse(available) ?? Decimal.parse('0')!;
  return (have.lt(due) ? have : due).toString();
}

/** A typed amount that is a positive decimal. */
export function isPositive(amount: string): boolean {
  const value = Decimal.parse(amount.replace(/\.$/, ''));
  return value !== null && value.sign() > 0;
}

/** The canonical form of a typed amount ("12." -> "12"), as the API receives it. */
export function canonicalAmount(typed: string): string {
  return Decimal.parse(typed.replace(/\.$/, ''))?.toString() ?? typed;
}

/** A rate as a decimal fraction ("0.00000834") in percent ("0.000834"), every digit kept. */
export function ratePercent(rate: string): string {
  const value = Decimal.parse(rate);
  if (!value) return rate;
  return value.times(Decimal.parse('100')!).toString();
}
