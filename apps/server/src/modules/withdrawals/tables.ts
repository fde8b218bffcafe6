import type { Kysely } from 'kysely';
import type { WithdrawalNetwork } from '@meridian/contract';
import type { EngineTables } from '../../engine/tables.ts';
import type { Claimed } from '../../kernel/cluster/intents.ts';
import type { KernelTables } from '../../kernel/db/schema.ts';
import type { VerificationTables } from '../verification/index.ts';

/** Kysely's view of the withdrawal tables (migrations 0035, 0036, 0050 and 0158), named as in SQL. */

/** One published rule: per coin, network and verification level. Amounts are decimal text. */
export interface WithdrawalRulesTable {
  coin: string;
  network: WithdrawalNetwork;
  level: number;
  fee: string;
  min_amount: string;
  daily_limit: string;
  review_threshold: string;
}

/**
 * One withdrawal. `holding` is the moment between the row and the engine's hold; then
 * `review` or `approved`, and one of `completed`, `cancelled` or `rejected`, each through
 * a state that waits for the engine's posting. Those in-between states are claimed by the
 * process that entered them, and the leader finishes them if it died
 * (`kernel/cluster/intents.ts`). Each change is `UPDATE ... WHERE state = old`.
 */
export interface WithdrawalsTable extends Claimed {
  id: string;
  user_id: string;
  coin: string;
  network: WithdrawalNetwork;
  address: string;
  amount: string;
  fee: string;
  state: string;
  /** The UTC day (YYYY-MM-DD) whose daily limit it counts against. */
  day: string;
  /** The request's Idempotency-Key, if it had one: a lost answer is found again by it. */
  client_key: string | null;
  txid: string | null;
  reason: string | null;
  decided_by: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * How much a user asked to withdraw of a coin on a UTC day. `version` makes each change a
 * conditional update, so parallel submissions never pass the daily limit together.
 */
export interface WithdrawalDailyTable {
  user_id: string;
  coin: string;
  day: string;
  /** Minor units of the coin, as integer text. */
  used: string;
  version: number;
}

export type WithdrawalTables = KernelTables &
  Pick<EngineTables, 'ledger_balances'> &
  /** The review queue's items: a withdrawal under review is one of kind `withdrawal`. */
  Pick<VerificationTables, 'reviews'> & {
    withdrawal_rules: WithdrawalRulesTable;
    withdrawals: WithdrawalsTable;
    withdrawal_daily: WithdrawalDailyTable;
  };

export type WithdrawalDb = Kysely<WithdrawalTables>;
