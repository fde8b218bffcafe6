import { Decimal } from '@meridian/core';

interface PoolShare {
  coin: string;
  /** A fraction ("0.5"); "0" when savings do not lend. */
  savingsShare: string;
}

/**
 * The share of a coin's savings its margin pool may lend, in percent ("50"), or null when
 * savings in the coin do not lend: a share of 0, no pool for the coin, or no pools known.
 */
export function lentSharePercent(
  pools: readonly PoolShare[] | undefined,
  coin: string,
): string | null {
  const wanted = coin.toUpperCase();
  const pool = pools?.find((p) => p.coin.toUpperCase() === wanted);
  const share = pool ? Decimal.parse(pool.savingsShare) : null;
  if (!share || share.sign() <= 0) return null;
  return share.times(Decimal.parse('100')!).toString();
}
