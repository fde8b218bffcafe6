import { parseDecimalText, type DecimalText } from './decimal-text.ts';

function compareMagnitude(a: DecimalText, b: DecimalText): number {
  if (a.whole.length !== b.whole.length) return a.whole.length < b.whole.length ? -1 : 1;
  if (a.whole !== b.whole) return a.whole < b.whole ? -1 : 1;
  // Same whole part: pad the fractions to one length so text order is number order.
  const length = Math.max(a.fraction.length, b.fraction.length);
  const fa = a.fraction.padEnd(length, '0');
  const fb = b.fraction.padEnd(length, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}

/**
 * Orders two decimal strings (-1, 0 or 1) by their digits, so prices and amounts are
 * sorted exactly ("0.1" < "0.10000000000000001") where a JS number would blur them. A
 * value that is not a number sorts before every number, so bad data gathers in one place.
 */
export function compareDecimal(a: string, b: string): number {
  const pa = parseDecimalText(a);
  const pb = parseDecimalText(b);
  if (!pa || !pb) return pa ? 1 : pb ? -1 : 0;
  if (pa.negative !== pb.negative) return pa.negative ? -1 : 1;
  const order = compareMagnitude(pa, pb);
  return pa.negative ? -order : order;
}
