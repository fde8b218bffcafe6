import type { RechargeBank } from '@meridian/contract/calls/recharges';
import { compareDecimal, fractionDigits } from '@meridian/core';

export type AmountProblem = 'required' | 'numeric' | 'zero' | 'decimals' | 'min' | 'max';

/**
 * What is wrong with a recharge amount as typed, by the same rules the server applies
 * (numeric, above zero, within the coin's decimals and the published bounds), so the
 * user learns it before sending; the server still decides.
 */
export function amountProblem(amount: string, bank: RechargeBank): AmountProblem | null {
  if (amount === '') return 'required';
  if (!/^\d+(\.\d+)?$/.test(amount)) return 'numeric';
  if (!/[1-9]/.test(amount)) return 'zero';
  if (fractionDigits(amount) > bank.decimals) return 'decimals';
  if (bank.minAmount !== null && compareDecimal(amount, bank.minAmount) < 0) return 'min';
  if (bank.maxAmount !== null && compareDecimal(amount, bank.maxAmount) > 0) return 'max';
  return null;
}
