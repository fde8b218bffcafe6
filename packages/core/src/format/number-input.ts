/**
 * Seed section 5: what a number field keeps while the user types. Only digits and the
 * first decimal point survive; a leading point is dropped; leading zeros collapse so the
 * whole part has no zero in front of another digit ("00012" -> "12", "000.5" -> "0.5");
 * the fraction is cut to `decimals` digits, and `decimals` 0 removes it with its point.
 * A trailing point is kept while decimals are allowed, so "12." can become "12.5".
 */
export function sanitizeNumberInput(text: string, decimals: number): string {
  const kept = text.replace(/[^\d.]/g, '').replace(/^\.+/, '');
  const point = kept.indexOf('.');
  const rawWhole = point < 0 ? kept : kept.slice(0, point);
  const rawFraction = point < 0 ? '' : kept.slice(point + 1).replace(/\./g, '');
  const whole = rawWhole.replace(/^0+(?=\d)/, '');
  if (point < 0 || decimals <= 0) return whole;
  return `${whole}.${rawFraction.slice(0, decimals)}`;
}
