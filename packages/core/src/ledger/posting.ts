/** Why money moved. */
export type PostingReason =
  | 'deposit'
  | 'withdrawal'
  | 'hold'
  | 'release'
  | 'trade'
  | 'fee'
  | 'security_fund'
  | 'adjustment'
  | 'product'
  /** Between two wallets of one user (spot, contract, finance). */
  | 'transfer'
  /** An instant swap: a coin into the swap pool, another out of it. */
  | 'swap'
  /** A perpetual position's realised profit or loss, against the settlement account. */
  | 'pnl'
  /** A perpetual funding payment between longs and shorts. */
  | 'funding'
  /** A liquidated position's margin, and the insurance fund's part in it. */
  | 'liquidation'
  /** A margin loan: the coin from the lending pool, and the debt it leaves. */
  | 'borrow'
  /** A margin loan paid back: interest to revenue, principal to the lending pool. */
  | 'repay'
  /** An hour's interest added to a margin loan. */
  | 'interest';

/** What caused it. */
export type ReferenceKind =
  | 'order'
  | 'trade'
  | 'deposit'
  | 'withdrawal'
  | 'product_position'
  | 'adjustment'
  | 'transfer'
  | 'swap';

/**
 * One amount of one asset moved from one account to another. Postings are append-only;
 * every balance is the sum of the postings into it minus those out of it.
 */
export interface Posting {
  id: number;
  asset: string;
  from: string;
  to: string;
  /** Minor units, always positive. */
  amount: bigint;
  reason: PostingReason;
  refKind: ReferenceKind;
  refId: string;
  /** Milliseconds since the epoch, the timestamp of the command that caused it. */
  ts: number;
}
