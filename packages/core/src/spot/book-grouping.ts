import { formatUnits, fractionDigits, parseUnits } from '../units.ts';

/** The grouping steps a book offers: the tick ×1, ×10, ×100 and ×1000, as decimal strings. */
export function groupingSteps(tick: string): string[] {
  const decimals = fractionDigits(tick);
  const units = parseUnits(tick, decimals);
  return [1n, 10n, 100n, 1000n].map((factor) => formatUnits(units * factor, decimals));
}

/**
 * Merges book levels into price buckets of `step`, exactly: an ask goes to the step at or
 * above its price, a bid to the step at or below, so a grouped row never shows a better
 * price than the orders in it. Amounts are summed as integers. `levels` are best first,
 * and so is the result.
 */
export function groupLevels(
  levels: readonly [string, string][],
  side: 'ask' | 'bid',
  step: string,
): [string, string][] {
  if (levels.length === 0) return [];
  const pd = Math.max(fractionDigits(step), ...levels.map(([price]) => fractionDigits(price)));
  const ad = Math.max(0, ...levels.map(([, amount]) => fractionDigits(amount)));
  const size = parseUnits(step, pd);
  if (size <= 0n) return levels.map(([p, a]) => [p, a]);
  const buckets = new Map<bigint, bigint>();
  for (const [price, amount] of levels) {
    const p = parseUnits(price, pd);
    const below = (p / size) * size;
    const bucket = side === 'bid' || below === p ? below : below + size;
    buckets.set(bucket, (buckets.get(bucket) ?? 0n) + parseUnits(amount, ad));
  }
  const ordered = [...buckets.entries()].sort(([a], [b]) =>
    side === 'ask' ? (a < b ? -1 : a > b ? 1 : 0) : a > b ? -1 : a < b ? 1 : 0,
  );
  return ordered.map(([price, amount]) => [formatUnits(price, pd), formatUnits(amount, ad)]);
}
