import { Decimal } from '@meridian/core';

/** Why an amount cannot be sent yet; the form shows it under the field. */
export type TransferProblem = 'required' | 'invalid' | 'tooManyDecimals' | 'zero' | 'insufficient';

/**
 * Checks a typed amount against what the source wallet has available, as the server
 * will: a plain decimal, no more decimals than the coin counts, above zero, within the
 * available balance. Null when it may be sent.
 */
export function transferProblem(
  amount: string,
  available: string,
  decimals: number,
): TransferProblem | null {
  if (amount.trim() === '') return 'required';
  const value = Decimal.parse(amount);
  if (!value || amount.startsWith('-')) return 'invalid';
  if (value.decimalPlaces() > decimals) return 'tooManyDecimals';
  if (value.isZero()) return 'zero';
  const limit = Decimal.parse(available);
  if (!limit || value.gt(limit)) return 'insufficient';
  return null;
}

/**
 * What the two wallets will hold available after moving `amount` (a valid amount):
 * shown before the user confirms, so nothing moves unexpected.
 */
export function afterTransfer(
  fromAvailable: string,
  toAvailable: string,
  amount: string,
): { from: string; to: string } {
  const moved = Decimal.parse(amount)!;
  return {
    from: Decimal.parse(fromAvailable)!.minus(moved).toString(),
    to: Decimal.parse(toAvailable)!.plus(moved).toString(),
  };
}
