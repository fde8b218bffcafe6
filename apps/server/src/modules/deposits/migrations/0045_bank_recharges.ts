import type { Kysely } from 'kysely';

/**
 * Bank-transfer recharges. `recharge_banks`: per coin, the platform's account users pay
 * into and the published bounds of one order; a coin without an enabled row offers no
 * bank transfer. `bank_recharges`: one row per order, with the details it was paid to as
 * they stood then (an edit later does not rewrite history), and the Idempotency-Key that
 * made it, so a request that died with the process is answered by its row.
 * state: review -> approved (an operator's decision) -> credited (the engine posted it under
 * the reference `bank:<id>`); review -> rejected (with the reason the user reads).
 * Deployments older than the permissions get them here; new ones have them from 0012.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recharge_banks')
    .addColumn('coin', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('bank_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('account_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('account_number', 'varchar(64)', (c) => c.notNull())
    .addColumn('swift', 'varchar(11)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)', (c) => c.notNull())
    .addColumn('min_amount', 'varchar(40)')
    .addColumn('max_amount', 'varchar(40)')
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bank_recharges')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('order_no', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('user_id', 'varchar(20)', (c) => c.notNull().references('users.id'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'varchar(80)', (c) => c.notNull())
    .addColumn('file_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('paid_to', 'text', (c) => c.notNull())
    .addColumn('client_key', 'varchar(128)')
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('credited_at', 'varchar(32)')
    .addUniqueConstraint('bank_recharges_client_key', ['user_id', 'client_key'])
    .execute();
  await db.schema
    .createIndex('bank_recharges_user')
    .on('bank_recharges')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('bank_recharges_state')
    .on('bank_recharges')
    .columns(['state'])
    .execute();

  const grants = [
    { role: 'support', permission: 'recharges.read' },
    { role: 'finance', permission: 'recharges.read' },
    { role: 'finance', permission: 'recharges.review' },
    { role: 'finance', permission: 'recharges.manage' },
    { role: 'admin', permission: 'recharges.read' },
    { role: 'admin', permission: 'recharges.review' },
    { role: 'admin', permission: 'recharges.manage' },
  ];
  await (db as Kysely<{ operator_role_permissions: { role: string; permission: string } }>)
    .insertInto('operator_role_permissions')
    .values(grants)
    .onConflict((oc) => oc.columns(['role', 'permission']).doNothing())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bank_recharges').execute();
  await db.schema.dropTable('recharge_banks').execute();
}
