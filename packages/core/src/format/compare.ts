import { Decimal } from '../decimal.ts';

/**
 * Orders two decimal strings (-1, 0 or 1) by their digits, so prices and amounts are
 * sorted exactly ("0.1" < "0.10000000000000001") where a JS number would blur them. A
 * value that is not a number sorts before every number, so bad data gathers in one place.
 */
export function compareDecimal(a: string, b: string): number {
  const pa = Decimal.parseLenient(a);
  const pb = Decimal.parseLenient(b);
  if (!pa || !pb) return pa ? 1 : pb ? -1 : 0;
  return pa.compare(pb);
}
