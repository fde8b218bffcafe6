import { isUserAccount, mayGoNegative, parseAccount } from './accounts.ts';
import type { Posting } from './posting.ts';

export type Violation =
  | { kind: 'unbalanced_asset'; asset: string; sum: bigint }
  | { kind: 'negative_user_balance'; account: string; balance: bigint; postingId?: number }
  /** A fund, fee revenue or product pool below zero: money the platform does not have. */
  | { kind: 'negative_system_balance'; account: string; balance: bigint; postingId?: number }
  | { kind: 'balance_mismatch'; account: string; stored: bigint; rebuilt: bigint }
  | { kind: 'bad_posting'; postingId: number; detail: string };

const negativeKind = (account: string) =>
  isUserAccount(account) ? 'negative_user_balance' : 'negative_system_balance';

/**
 * Replays postings in id order into balances, noting every moment an account that must
 * stay at or above zero went below it, and every posting that is malformed
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
    balances.set(p.from, from);
    balances.set(p.to, (balances.get(p.to) ?? 0n) + p.amount);
    if (from < 0n && !mayGoNegative(p.from)) {
      violations.push({
        kind: negativeKind(p.from),
        account: p.from,
        balance: from,
        postingId: p.id,
      });
    }
  }
  return { balances, violations };
}

/**
 * The ledger invariants: every asset sums to zero, no account but the platform float is
 * or was negative, and the stored balances are exactly what the postings rebuild.
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
    if (balance < 0n && !mayGoNegative(account)) {
      violations.push({ kind: negativeKind(account), account, balance });
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
