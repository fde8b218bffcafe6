import type { Kysely } from 'kysely';

/**
 * Withdrawals, each user's daily counter per coin, and the operator permissions that
 * decide them (deployments older than the permissions get them here; new ones already
 * have them from 0012's defaults).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(128)', (c) => c.notNull())
    .addColumn('amount', 'varchar(40)', (c) => c.notNull())
    .addColumn('fee', 'varchar(40)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('client_key', 'varchar(128)')
    .addColumn('txid', 'varchar(80)')
    .addColumn('reason', 'varchar(500)')
    .addColumn('decided_by', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('withdrawals_client_key', ['user_id', 'client_key'])
    .execute();
  await db.schema
    .createIndex('withdrawals_user')
    .on('withdrawals')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('withdrawals_state')
    .on('withdrawals')
    .columns(['state', 'created_at'])
    .execute();
  await db.schema
    .createTable('withdrawal_daily')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('used', 'varchar(40)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('withdrawal_daily_pk', ['user_id', 'coin', 'day'])
    .execute();
  const grants = [
    { role: 'support', permission: 'withdrawals.read' },
    { role: 'finance', permission: 'withdrawals.read' },
    { role: 'finance', permission: 'withdrawals.review' },
    { role: 'admin', permission: 'withdrawals.read' },
    { role: 'admin', permission: 'withdrawals.review' },
  ];
  await (db as Kysely<{ operator_role_permissions: { role: string; permission: string } }>)
    .insertInto('operator_role_permissions')
    .values(grants)
    .onConflict((oc) => oc.columns(['role', 'permission']).doNothing())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withdrawal_daily').execute();
  await db.schema.dropTable('withdrawals').execute();
}
