import type { SpotOrder } from '@meridian/contract/calls/spot';
import { compareDecimal, formatUnits, NOT_A_NUMBER, parseUnits } from '@meridian/core';

/** A fee rate or share as a percentage: "0.001" -> "0.1", "0.1" -> "10", exactly. */
export function ratePercent(rate: string): string {
  try {
    return formatUnits(parseUnits(rate, 18), 16);
  } catch {
    return NOT_A_NUMBER;
  }
}

/**
 * The value an order's row shows: what was entrusted (price × quantity, or a market buy's
 * quote amount). A market order by quantity has no value until it trades (the server
 * sends `entrustedValue: null`), so once it has fills the value traded stands in: a filled
 * market sell reads its proceeds, not "--".
 */
export function orderValue(
  order: Pick<SpotOrder, 'entrustedValue' | 'filledValue' | 'filledQuantity'>,
): string | null {
  if (order.entrustedValue !== null) return order.entrustedValue;
  return compareDecimal(order.filledQuantity, '0') > 0 ? order.filledValue : null;
}
