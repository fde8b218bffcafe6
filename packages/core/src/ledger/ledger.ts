import { balanceRule, ownerAccount, parseAccount, type Wallet } from './accounts.ts';
import type { PostingReason, ReferenceKind } from './posting.ts';
import { PostingLog, type PostingBatch } from './posting-log.ts';

export class InsufficientBalanceError extends Error {
  constructor(readonly account: string) {
    super(`insufficient balance in ${account}`);
    this.name = 'InsufficientBalanceError';
  }
}

/** A repayment into a debt account beyond what is owed. */
export class OverpaymentError extends Error {
  constructor(readonly account: string) {
    super(`payment exceeds the debt in ${account}`);
    this.name = 'OverpaymentError';
  }
}

/**
 * What caused a posting. The ledger copies it into the posting, so a hot path may keep
 * one and change its fields rather than make a new one per posting.
 */
export interface PostingReference {
  refKind: ReferenceKind;
  /** An order or trade id may stay a number; a posting reads it as text. */
  refId: string | number;
  ts: number;
}

/** One account's balance. Callers on a hot path keep the object to skip the key lookup. */
export class Account {
  balance = 0n;
  /** Never below zero (wallets, funds, pools, market making). */
  readonly floored: boolean;
  /** Never above zero (debts). */
  readonly capped: boolean;
  /** A market-making account (`m:`): its order holds may stay in the engine (`engineHolds`). */
  readonly marketMaking: boolean;
  /**
   * What open orders reserve of this balance without a posting: only on a market-making
   * account once its holds stay in the engine. Never journalled or projected: it follows
   * from the open orders, and a snapshot rebuilds it from them.
   */
  reserved = 0n;

  constructor(
    readonly key: string,
    readonly asset: string,
  ) {
    const rule = balanceRule(key);
    this.floored = rule === 'floor';
    this.capped = rule === 'ceiling';
    this.marketMaking = key.startsWith('m:');
  }
}

/** An owner's available and held parts of one asset in one wallet. */
export interface Holding {
  available: Account;
  held: Account;
}

/**
 * The in-memory double-entry ledger: balances derived from the postings it makes. It
 * refuses any posting that would break an account's class rule (see `balanceRule`), so a
 * caller that checks first never sees the error and one that does not cannot break the
 * invariant.
 */
export class Ledger {
  private readonly accounts = new Map<string, Account>();
  private readonly log: PostingLog;
  /**
   * Once on (the `maker-holds` command, tag Q), a market-making account's order holds and
   * releases stay in the engine as `Account.reserved` and post nothing; its fills still
   * post, from the available part. Off, every hold posts as before, so journals written
   * before the command replay to the same postings and state.
   */
  engineHolds = false;
  /**
   * Once on (`maker-holds` version 2), a trade between two market-making accounts (the
   * simulated flow taking a maker's quote) charges no fee: both sides are the operator's
   * money, so a fee would only move it between its own accounts and show as revenue.
   */
  makerTradesFeeFree = false;

  constructor(nextPostingId = 1) {
    this.log = new PostingLog(nextPostingId);
  }

  get nextPostingId(): number {
    return this.log.nextId;
  }

  /** The account of a key, opened at zero on first use. */
  account(key: string): Account {
    let account = this.accounts.get(key);
    if (!account) {
      account = new Account(key, parseAccount(key).asset);
      this.accounts.set(key, account);
    }
    return account;
  }

  /** An owner's parts of one asset: a user's wallet, or a market-making account. */
  holding(owner: string, asset: string, wallet: Wallet = 'spot'): Holding {
    return {
      available: this.account(ownerAccount(owner, asset, 'available', wallet)),
      held: this.account(ownerAccount(owner, asset, 'held', wallet)),
    };
  }

  balance(key: string): bigint {
    return this.accounts.get(key)?.balance ?? 0n;
  }

  available(owner: string, asset: string, wallet: Wallet = 'spot'): bigint {
    return this.balance(ownerAccount(owner, asset, 'available', wallet));
  }

  held(owner: string, asset: string, wallet: Wallet = 'spot'): bigint {
    return this.balance(ownerAccount(owner, asset, 'held', wallet));
  }

  post(from: string, to: string, amount: bigint, reason: PostingReason, ref: PostingReference) {
    this.move(this.account(from), this.account(to), amount, reason, ref);
  }

  move(
    from: Account,
    to: Account,
    amount: bigint,
    reason: PostingReason,
    ref: PostingReference,
  ): void {
    if (amount <= 0n) throw new RangeError(`posting amount must be positive, got ${amount}`);
    if (from.asset !== to.asset) throw new Error(`${from.key} and ${to.key} differ in asset`);
    // What open orders reserve in the engine is not there to move (0n on most accounts).
    if (from.floored && from.balance - from.reserved < amount) {
      throw new InsufficientBalanceError(from.key);
    }
    if (to.capped && to.balance + amount > 0n) throw new OverpaymentError(to.key);
    from.balance -= amount;
    to.balance += amount;
    this.log.append(from, to, amount, reason, ref.refKind, ref.refId, ref.ts);
  }

  /** Reserves spendable money for an order. */
  hold(h: Holding, amount: bigint, ref: PostingReference): void {
    if (amount === 0n) return;
    if (this.inEngine(h)) this.reserve(h.available, amount);
    else this.move(h.available, h.held, amount, 'hold', ref);
  }

  /** Gives reserved money back to the available part. */
  release(h: Holding, amount: bigint, ref: PostingReference): void {
    if (amount === 0n) return;
    if (this.inEngine(h)) this.unreserve(h.available, amount);
    else this.move(h.held, h.available, amount, 'release', ref);
  }

  /** Pays reserved money out to another account: a fill. */
  settle(h: Holding, to: Account, amount: bigint, reason: PostingReason, ref: PostingReference) {
    if (amount === 0n) return;
    if (this.inEngine(h)) {
      this.unreserve(h.available, amount);
      this.move(h.available, to, amount, reason, ref);
    } else this.move(h.held, to, amount, reason, ref);
  }

  /** Reserves in the engine what a hold would have moved to `held` (no posting). */
  reserve(account: Account, amount: bigint): void {
    if (account.balance - account.reserved < amount) {
      throw new InsufficientBalanceError(account.key);
    }
    account.reserved += amount;
  }

  private unreserve(account: Account, amount: bigint): void {
    // Only what an order reserved is ever given back; more would be an engine fault.
    if (account.reserved < amount)
      throw new RangeError(`${account.key} reserves less than ${amount}`);
    account.reserved -= amount;
  }

  private inEngine(h: Holding): boolean {
    return this.engineHolds && h.available.marketMaking;
  }

  /** The postings made since the last call, in order. */
  drain(): PostingBatch {
    return this.log.close();
  }

  /** Every account with a non-zero balance, sorted by key so the order is canonical. */
  entries(): Array<[string, bigint]> {
    const out: Array<[string, bigint]> = [];
    for (const a of this.accounts.values()) if (a.balance !== 0n) out.push([a.key, a.balance]);
    return out.sort(([a], [b]) => (a < b ? -1 : 1));
  }

  static restore(entries: Iterable<[string, bigint]>, nextPostingId: number): Ledger {
    const ledger = new Ledger(nextPostingId);
    for (const [key, value] of entries) ledger.account(key).balance = value;
    return ledger;
  }
}
