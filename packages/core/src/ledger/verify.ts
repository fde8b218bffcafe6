import {
  balanceRule,
  isUserAccount,
  keepsRule,
  parseAccount,
  type AccountClass,
} from './accounts.ts';
import type { Posting } from './posting.ts';

export type Violation =
  | { kind: 'unbalanced_asset'; asset: string; sum: bigint }
  | { kind: 'negative_user_balance'; account: string; balance: bigint; postingId?: number }
  /** A fund, fee revenue or product pool below zero: money the platform does not have. */
  | { kind: 'negative_system_balance'; account: string; balance: bigint; postingId?: number }
  /** A debt above zero: the platform would owe a user through a debt account. */
  | { kind: 'positive_debt_balance'; account: string; balance: bigint; postingId?: number }
  | { kind: 'balance_mismatch'; account: string; stored: bigint; rebuilt: bigint }
  | { kind: 'bad_posting'; postingId: number; detail: string };

const ruleBroken = (account: string) =>
  balanceRule(account) === 'ceiling'
    ? 'positive_debt_balance'
    : isUserAccount(account)
      ? 'negative_user_balance'
      : 'negative_system_balance';

/**
 * Replays postings in id order into balances, noting every moment an account broke its
 * class rule (see `balanceRule`), and every posting that is malformed
 * (non-positive, two assets, or a self-move).
 */
export function rebuildBalances(postings: Iterable<Posting>): {
  balances: Map<string, bigint>;
  violations: Violation[];
} {
  const balances = new Map<string, bigint>();
  const violations: Violation[] = [];
  for (const p of postings) {
    if (p.amount <= 0n) {
      violations.push({ kind: 'bad_posting', postingId: p.id, detail: 'amount not positive' });
    }
    if (p.from === p.to) {
      violations.push({ kind: 'bad_posting', postingId: p.id, detail: 'from equals to' });
    }
    for (const key of [p.from, p.to]) {
      if (parseAccount(key).asset !== p.asset) {
        violations.push({
          kind: 'bad_posting',
          postingId: p.id,
          detail: `${key} is not ${p.asset}`,
        });
      }
    }
    const from = (balances.get(p.from) ?? 0n) - p.amount;
    const to = (balances.get(p.to) ?? 0n) + p.amount;
    balances.set(p.from, from);
    balances.set(p.to, to);
    // A posting can break a floor only on the side it takes from, a ceiling only on the
    // side it pays into.
    if (balanceRule(p.from) === 'floor' && from < 0n) {
      violations.push({
        kind: ruleBroken(p.from),
        account: p.from,
        balance: from,
        postingId: p.id,
      });
    }
    if (balanceRule(p.to) === 'ceiling' && to > 0n) {
      violations.push({ kind: ruleBroken(p.to), account: p.to, balance: to, postingId: p.id });
    }
  }
  return { balances, violations };
}

/**
 * The ledger invariants: every asset sums to zero, no account breaks or ever broke its
 * class rule, and the stored balances are exactly what the postings rebuild.
 */
export function verifyLedger(
  postings: Iterable<Posting>,
  stored: Iterable<[string, bigint]>,
): Violation[] {
  const { balances: rebuilt, violations } = rebuildBalances(postings);
  const storedMap = new Map<string, bigint>();
  const sums = new Map<string, bigint>();
  for (const [account, balance] of stored) {
    storedMap.set(account, balance);
    const asset = parseAccount(account).asset;
    sums.set(asset, (sums.get(asset) ?? 0n) + balance);
    if (!keepsRule(account, balance)) {
      violations.push({ kind: ruleBroken(account), account, balance });
    }
  }
  for (const [asset, sum] of sums) {
    if (sum !== 0n) violations.push({ kind: 'unbalanced_asset', asset, sum });
  }
  for (const account of new Set([...storedMap.keys(), ...rebuilt.keys()])) {
    const s = storedMap.get(account) ?? 0n;
    const r = rebuilt.get(account) ?? 0n;
    if (s !== r) violations.push({ kind: 'balance_mismatch', account, stored: s, rebuilt: r });
  }
  return violations;
}

/** One asset's balances summed by account class. */
export interface ClassTotals {
  asset: string;
  totals: Record<AccountClass, bigint>;
  /**
   * What the platform owes its users: their wallets less what they owe on borrows.
   * Market-making accounts are the operator's own money and are not part of it.
   */
  userLiabilities: bigint;
}

/** Sums balances per asset and class, assets in name order. */
export function classTotals(balances: Iterable<[string, bigint]>): ClassTotals[] {
  const byAsset = new Map<string, Record<AccountClass, bigint>>();
  for (const [key, balance] of balances) {
    const ref = parseAccount(key);
    let totals = byAsset.get(ref.asset);
    if (!totals) {
      totals = { user: 0n, debt: 0n, market_making: 0n, system: 0n, pool: 0n };
      byAsset.set(ref.asset, totals);
    }
    totals[ref.kind] += balance;
  }
  return [...byAsset.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([asset, totals]) => ({ asset, totals, userLiabilities: totals.user + totals.debt }));
}
