import type { Kysely } from 'kysely';

/**
 * Operator freezes of an account: sign-in (which also ends every session) and withdrawals,
 * each with the reason the operator gave. The audit log keeps who and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['login_frozen_at', 'withdrawals_frozen_at']) {
    await db.schema.alterTable('users').addColumn(column, 'varchar(32)').execute();
  }
  for (const column of ['login_freeze_reason', 'withdrawals_freeze_reason']) {
    await db.schema.alterTable('users').addColumn(column, 'varchar(500)').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'withdrawals_freeze_reason',
    'login_freeze_reason',
    'withdrawals_frozen_at',
    'login_frozen_at',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
