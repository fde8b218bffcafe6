import { Decimal } from '@meridian/core';
import { BANK_NETWORK, type WithdrawalRule } from '@meridian/contract/calls/withdrawals';

/** Why the amount cannot be sent yet, or null when it can. */
export type AmountProblem = 'format' | 'belowMinimum' | 'overLeft' | 'overBalance' | null;

export interface AmountCheck {
  problem: AmountProblem;
  /** What leaves the balance: amount + fee; null until the amount reads. */
  total: string | null;
  /** What arrives at the address: the amount (the fee is charged on top). */
  arrival: string | null;
}

const PLAIN = /^\d{1,20}(\.\d{1,18})?$/;

/**
 * The page's own reading of an amount against the published rule, with decimal strings
 * only (never a JS number). The server checks all of it again.
 */
export function checkAmount(
  amount: string,
  rule: Pick<WithdrawalRule, 'fee' | 'minAmount'>,
  available: string,
  leftToday: string,
): AmountCheck {
  const value = PLAIN.test(amount) ? Decimal.parse(amount) : null;
  if (!value || value.isZero()) return { problem: 'format', total: null, arrival: null };
  const fee = Decimal.parse(rule.fee)!;
  const total = value.plus(fee);
  const result = { total: total.toString(), arrival: value.toString() };
  if (value.lt(Decimal.parse(rule.minAmount)!)) return { problem: 'belowMinimum', ...result };
  if (value.gt(Decimal.parse(leftToday)!)) return { problem: 'overLeft', ...result };
  if (total.gt(Decimal.parse(available)!)) return { problem: 'overBalance', ...result };
  return { problem: null, ...result };
}

/** The chains a coin leaves on, and its bank rule if it has one (the `BANK` network). */
export function splitRules(rules: readonly WithdrawalRule[]): {
  chains: WithdrawalRule[];
  bank: WithdrawalRule | null;
} {
  return {
    chains: rules.filter((r) => r.network !== BANK_NETWORK),
    bank: rules.find((r) => r.network === BANK_NETWORK) ?? null,
  };
}
