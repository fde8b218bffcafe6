import type { ColumnType, Generated } from 'kysely';

/** Bigint columns read back as a number (SQLite) or a string (PostgreSQL). */
export type BigintColumn = ColumnType<string | number, number, number>;

/** Kysely's view of the tables; one interface per table, named as in SQL. */
export interface PlatformMetaTable {
  key: string;
  value: string;
}

export interface OutboxTable {
  id: string;
  channel: 'email' | 'sms';
  target: string;
  subject: string;
  body: string;
  created_at: string;
  delivered_at: string | null;
}

/** One idempotency key of one user (migration 0005). */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  /** The call the key was first used for: a key is never replayed into another call. */
  call: string;
  /** The first answer's data as JSON; null while that request is still running. */
  response: string | null;
  created_at: BigintColumn;
  /** The process running the request (`Cluster.processId`); null in rows from before. */
  owner: string | null;
}

/** One operator write, or one document an operator viewed (migration 0011; append-only). */
export interface AuditLogTable {
  id: Generated<BigintColumn>;
  at: string;
  operator_id: string;
  operator_email: string;
  role: string;
  action: string;
  target_type: string;
  target_id: string;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
  ip: string;
  user_agent: string;
}

/**
 * The kernel's own tables. Each module declares its tables beside its migrations and
 * reaches them with `db.withTables<ItsTables>()`; no file lists every table.
 */
export type KernelTables = {
  platform_meta: PlatformMetaTable;
  outbox: OutboxTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_log: AuditLogTable;
};
