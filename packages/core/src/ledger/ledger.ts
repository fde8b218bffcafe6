import { isUserAccount, userAccount } from './accounts.ts';
import type { Posting, PostingReason, ReferenceKind } from './posting.ts';

export class InsufficientBalanceError extends Error {
  constructor(readonly account: string) {
    super(`insufficient balance in ${account}`);
    this.name = 'InsufficientBalanceError';
  }
}

export interface PostingReference {
  refKind: ReferenceKind;
  refId: string;
  ts: number;
}

/**
 * The in-memory double-entry ledger: balances derived from the postings it makes. It
 * refuses any posting that would take a user account below zero, so a caller that checks
 * first never sees the error and one that does not cannot break the invariant.
 */
export class Ledger {
  private readonly balances = new Map<string, bigint>();
  private pending: Posting[] = [];
  private nextId: number;

  constructor(nextPostingId = 1) {
    this.nextId = nextPostingId;
  }

  get nextPostingId(): number {
    return this.nextId;
  }

  balance(account: string): bigint {
    return this.balances.get(account) ?? 0n;
  }

  available(user: string, asset: string): bigint {
    return this.balance(userAccount(user, asset, 'available'));
  }

  held(user: string, asset: string): bigint {
    return this.balance(userAccount(user, asset, 'held'));
  }

  post(
    asset: string,
    from: string,
    to: string,
    amount: bigint,
    reason: PostingReason,
    ref: PostingReference,
  ): Posting {
    if (amount <= 0n) throw new RangeError(`posting amount must be positive, got ${amount}`);
    const fromBalance = this.balances.get(from) ?? 0n;
    if (fromBalance < amount && isUserAccount(from)) throw new InsufficientBalanceError(from);
    this.balances.set(from, fromBalance - amount);
    this.balances.set(to, (this.balances.get(to) ?? 0n) + amount);
    const posting: Posting = {
      id: this.nextId++,
      asset,
      from,
      to,
      amount,
      reason,
      refKind: ref.refKind,
      refId: ref.refId,
      ts: ref.ts,
    };
    this.pending.push(posting);
    return posting;
  }

  /** Moves spendable money into the held part: an order's reservation. */
  hold(user: string, asset: string, amount: bigint, ref: PostingReference): void {
    if (amount === 0n) return;
    const from = userAccount(user, asset, 'available');
    this.post(asset, from, userAccount(user, asset, 'held'), amount, 'hold', ref);
  }

  release(user: string, asset: string, amount: bigint, ref: PostingReference): void {
    if (amount === 0n) return;
    const from = userAccount(user, asset, 'held');
    this.post(asset, from, userAccount(user, asset, 'available'), amount, 'release', ref);
  }

  /** Pays out of the held part to another account: a fill. */
  settle(
    user: string,
    asset: string,
    amount: bigint,
    to: string,
    reason: PostingReason,
    ref: PostingReference,
  ): void {
    if (amount === 0n) return;
    this.post(asset, userAccount(user, asset, 'held'), to, amount, reason, ref);
  }

  /** The postings made since the last call, in order. */
  drain(): Posting[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }

  /** Every account with a non-zero balance, sorted by key so the order is canonical. */
  entries(): Array<[string, bigint]> {
    return [...this.balances].filter(([, v]) => v !== 0n).sort(([a], [b]) => (a < b ? -1 : 1));
  }

  static restore(entries: Iterable<[string, bigint]>, nextPostingId: number): Ledger {
    const ledger = new Ledger(nextPostingId);
    for (const [key, value] of entries) ledger.balances.set(key, value);
    return ledger;
  }
}
