import { formatUnits, NOT_A_NUMBER, parseUnits } from '@meridian/core';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * An order's own figures shown exactly as recorded, with thousands separators: a price
 * or quantity the user entered must read back digit for digit, which the abbreviating
 * market formatters (65.01K) would not do. Works on the decimal string only.
 */
export function exactAmount(value: string | null | undefined): string {
  if (value === null || value === undefined) return NOT_A_NUMBER;
  const match = DECIMAL.exec(value.trim());
  if (!match) return NOT_A_NUMBER;
  const [, sign, whole, fraction] = match;
  const grouped = whole!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const trimmed = fraction?.replace(/0+$/, '') ?? '';
  return `${sign}${grouped}${trimmed ? `.${trimmed}` : ''}`;
}

/** A fee rate or share as a percentage: "0.001" -> "0.1", "0.1" -> "10", exactly. */
export function ratePercent(rate: string): string {
  try {
    return formatUnits(parseUnits(rate, 18), 16);
  } catch {
    return NOT_A_NUMBER;
  }
}
