import type { Kysely } from 'kysely';
import type { Claimed } from '../../kernel/cluster/intents.ts';
import type { KernelTables } from '../../kernel/db/schema.ts';
import type { ReviewsTable } from '../verification/index.ts';

/** Kysely's view of the bank-transfer recharge tables (migration 0045), named as in SQL. */

export interface RechargeBanksTable {
  coin: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  swift: string;
  note: string;
  /** Decimal text in the coin's units; null: no bound. */
  min_amount: string | null;
  max_amount: string | null;
  /** 1: users may recharge this coin by bank transfer. */
  enabled: number;
  updated_at: string;
}

export type BankRechargeState = 'review' | 'approved' | 'credited' | 'rejected';

/** `Claimed`: the process that approved it credits it (`kernel/cluster/intents.ts`). */
export interface BankRechargesTable extends Claimed {
  id: string;
  order_no: string;
  user_id: string;
  coin: string;
  /** Decimal text in the coin's units, canonical. */
  amount: string;
  file_id: string;
  /** JSON: the receiving account as the user was shown it when submitting. */
  paid_to: string;
  /** The submit's Idempotency-Key, if it had one. */
  client_key: string | null;
  state: BankRechargeState;
  reason: string | null;
  created_at: string;
  decided_at: string | null;
  credited_at: string | null;
}

export type BankTables = {
  recharge_banks: RechargeBanksTable;
  bank_recharges: BankRechargesTable;
};

/** With the review queue's table, whose rows a submit opens through the verification service. */
export type BankDb = Kysely<BankTables & KernelTables & { reviews: ReviewsTable }>;
