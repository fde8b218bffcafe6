import { formatUnits, parseUnits, UnitsError } from '@meridian/core';
import { AppError } from '../../kernel/errors.ts';

/** A minor-units column (text on PostgreSQL, a number on SQLite) as an exact bigint. */
export const units = (value: string | number | bigint | null | undefined): bigint =>
  value === null || value === undefined ? 0n : BigInt(value);

export const text = (value: bigint, decimals: number) => formatUnits(value, decimals);

/**
 * A caller's amount in the coin's minor units: a positive plain decimal with no more
 * places than the coin has. Refused with the field named, never rounded.
 */
export function amountOf(input: string, decimals: number, field = 'amount'): bigint {
  try {
    const value = parseUnits(input, decimals);
    if (value <= 0n) throw new AppError('validation', 'zeroAmount', { field }, field);
    return value;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof UnitsError && error.reason === 'precision') {
      throw new AppError('validation', 'tooManyDecimals', { field }, field);
    }
    throw new AppError('validation', 'invalidNumber', { field }, field);
  }
}
