import type { Kysely } from 'kysely';
import type { Claimed } from '../../kernel/cluster/intents.ts';
import type { KernelTables } from '../../kernel/db/schema.ts';

/** Kysely's view of the swap tables (migrations 0040 and 0156), named as in SQL. */

/** The published terms: one row, `default`. */
export interface SwapTermsTable {
  id: string;
  spread_bps: number;
  fee_bps: number;
  updated_at: number | string | null;
  updated_by: string | null;
}

/**
 * One quote. `open` until it is swapped or forgotten; `settling` from the moment the user
 * accepted it in time until the engine has answered (the leader finishes it if the
 * process that claimed it died, `kernel/cluster/intents.ts`); then
 * `settled`, or `refused` when the balance or the pool no longer covered it. Each change
 * is `UPDATE ... WHERE state = old`. Amounts are decimal text of their coins.
 */
export interface SwapQuotesTable extends Claimed {
  id: string;
  user_id: string;
  from_coin: string;
  to_coin: string;
  quantity: string;
  rate: string;
  gross: string;
  fee: string;
  net: string;
  spread_bps: number;
  fee_bps: number;
  /** The index prices used: `[{ coin, price, time }]`. */
  prices_json: string;
  state: string;
  created_at: number | string;
  expires_at: number | string;
  settled_at: number | string | null;
}

/**
 * An operator's move of its own capital into (`in`) or out of (`out`) a swap pool:
 * `posting` once decided (with its audit row), `posted` once the engine applied it,
 * `refused` when the pool no longer held what an `out` asked for.
 */
export interface SwapPoolMovesTable extends Claimed {
  id: string;
  coin: string;
  direction: 'in' | 'out';
  amount: string;
  reason: string;
  operator_id: string;
  state: string;
  created_at: number | string;
}

export type SwapTables = KernelTables & {
  swap_terms: SwapTermsTable;
  swap_quotes: SwapQuotesTable;
  swap_pool_moves: SwapPoolMovesTable;
};

export type SwapDb = Kysely<SwapTables>;
