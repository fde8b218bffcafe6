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
  | 'swap';

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
