import type { Loan, MarginEngine, MarginWallet } from './engine.ts';

/** The margin state as a snapshot writes it: amounts as integer text, sorted keys. */
export interface MarginSnapshot {
  /** The savings share is written only when savings lend, so older hashes read as before. */
  pools: Array<[asset: string, hourlyRate: string, savingsShare?: string]>;
  pairs: Array<[market: string, maxLeverage: number]>;
  loans: Array<Omit<Loan, 'principal' | 'interest'> & { principal: string; interest: string }>;
  leverage: Array<[key: string, leverage: number]>;
  accruedHour: number;
  warned: string[];
  liquidating: string[];
}

const byKey = (a: readonly [string, ...unknown[]], b: readonly [string, ...unknown[]]) =>
  a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;

/** Left out while nothing was ever configured, so older snapshots and hashes read as before. */
export function snapshotMargin(margin: MarginEngine): MarginSnapshot | undefined {
  if (margin.pools.size === 0 && margin.pairs.size === 0 && margin.loans.size === 0) {
    return undefined;
  }
  return {
    pools: [...margin.pools.values()]
      .map((p): [string, string, string?] =>
        p.savingsShare === 0n
          ? [p.asset, String(p.hourlyRate)]
          : [p.asset, String(p.hourlyRate), String(p.savingsShare)],
      )
      .sort(byKey),
    pairs: [...margin.pairs.values()]
      .map((p): [string, number] => [p.market, p.maxLeverage])
      .sort(byKey),
    loans: [...margin.loans.entries()]
      .sort(byKey)
      .map(([, l]) => ({ ...l, principal: String(l.principal), interest: String(l.interest) })),
    leverage: [...margin.leverage.entries()].sort(byKey),
    accruedHour: margin.accruedHour,
    warned: [...margin.warned].sort(),
    liquidating: [...margin.liquidating].sort(),
  };
}

export function restoreMargin(margin: MarginEngine, saved: MarginSnapshot): void {
  for (const [asset, rate, share] of saved.pools) {
    margin.pools.set(asset, { asset, hourlyRate: BigInt(rate), savingsShare: BigInt(share ?? 0) });
  }
  for (const [market, maxLeverage] of saved.pairs)
    margin.pairs.set(market, { market, maxLeverage });
  for (const l of saved.loans) {
    const loan: Loan = {
      ...l,
      wallet: l.wallet as MarginWallet,
      principal: BigInt(l.principal),
      interest: BigInt(l.interest),
    };
    margin.loans.set(`${loan.user}\u0000${loan.wallet}\u0000${loan.asset}`, loan);
  }
  for (const [key, leverage] of saved.leverage) margin.leverage.set(key, leverage);
  margin.accruedHour = saved.accruedHour;
  for (const key of saved.warned) margin.warned.add(key);
  for (const key of saved.liquidating) margin.liquidating.add(key);
}
