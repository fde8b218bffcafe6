import type { Kysely, Transaction } from 'kysely';
import type { Claimed } from '../../kernel/cluster/intents.ts';
import type { KernelTables } from '../../kernel/db/schema.ts';
import type { EngineTables } from '../../engine/tables.ts';

/** Kysely's view of the operators' tables (migrations 0012, 0013, 0159), named as in SQL. */
export interface OperatorsTable {
  id: string;
  email: string;
  role: string;
  password_hash: string;
  must_activate: number;
  totp_secret: string | null;
  totp_last_step: number | string | null;
  setup_hash: string | null;
  setup_secret: string | null;
  setup_expires_at: string | null;
  disabled_at: string | null;
  created_at: string;
  last_login_at: string | null;
}

export interface OperatorSessionsTable {
  id: string;
  operator_id: string;
  token_hash: string;
  ip: string;
  user_agent: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface OperatorRolePermissionsTable {
  role: string;
  permission: string;
}

/** `Claimed`: the process that posts an approval (`kernel/cluster/intents.ts`). */
export interface BalanceAdjustmentsTable extends Claimed {
  id: string;
  user_id: string;
  asset: string;
  amount: string;
  reason: string;
  state: string;
  proposed_by: string;
  proposed_at: string;
  decided_by: string | null;
  decided_at: string | null;
  decision_note: string | null;
}

export type OperatorTables = {
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_role_permissions: OperatorRolePermissionsTable;
  balance_adjustments: BalanceAdjustmentsTable;
};

/** The operators module's handle: its tables, the kernel's (audit log) and the engine's
 * query tables (a user's postings and orders, read only). */
export type OperatorDb = Kysely<OperatorTables & KernelTables & EngineTables>;
export type OperatorTrx = Transaction<OperatorTables & KernelTables & EngineTables>;
