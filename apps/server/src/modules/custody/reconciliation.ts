import type { CustodyCoin } from '@meridian/contract';
import { formatUnits, RECONCILIATION_CLASSES, reconcile, type Asset } from '@meridian/core';

/**
 * The reconciliation as the console reads it: the core's per-coin figures in the coin's
 * decimals. Custody covers user liabilities when its shortfall is zero.
 */
export function custodyView(
  entries: Iterable<[string, bigint]>,
  assetOf: (code: string) => Asset | undefined,
): CustodyCoin[] {
  return reconcile(entries).map((coin) => {
    const decimals = assetOf(coin.asset)?.decimals ?? 0;
    const text = (units: bigint) => formatUnits(units, decimals);
    return {
      coin: coin.asset,
      classes: Object.fromEntries(
        RECONCILIATION_CLASSES.map((c) => [c, text(coin.classes[c])]),
      ) as CustodyCoin['classes'],
      sum: text(coin.sum),
      balanced: coin.sum === 0n,
      userLiabilities: text(coin.userLiabilities),
      custodyHeld: text(coin.custodyHeld),
      shortfall: text(coin.shortfall),
      covered: coin.shortfall === 0n,
    };
  });
}
