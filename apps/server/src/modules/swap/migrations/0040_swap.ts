import type { Kysely } from 'kysely';

/**
 * Instant swap: the published terms (one row: spread and fee in basis points), every
 * quote a user asked for (a swap is the quote it settled), the operators' moves of their
 * capital into and out of the swap pools, and the permission that manages them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('swap_terms')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('spread_bps', 'integer', (c) => c.notNull())
    .addColumn('fee_bps', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'varchar(64)')
    .execute();
  await (db as Kysely<{ swap_terms: Record<string, unknown> }>)
    .insertInto('swap_terms')
    .values({ id: 'default', spread_bps: 50, fee_bps: 10, updated_at: null, updated_by: null })
    .execute();
  await db.schema
    .createTable('swap_quotes')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('from_coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('to_coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('quantity', 'varchar(40)', (c) => c.notNull())
    .addColumn('rate', 'varchar(60)', (c) => c.notNull())
    .addColumn('gross', 'varchar(40)', (c) => c.notNull())
    .addColumn('fee', 'varchar(40)', (c) => c.notNull())
    .addColumn('net', 'varchar(40)', (c) => c.notNull())
    .addColumn('spread_bps', 'integer', (c) => c.notNull())
    .addColumn('fee_bps', 'integer', (c) => c.notNull())
    .addColumn('prices_json', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('swap_quotes_user')
    .on('swap_quotes')
    .columns(['user_id', 'state', 'settled_at'])
    .execute();
  await db.schema
    .createIndex('swap_quotes_state')
    .on('swap_quotes')
    .columns(['state', 'created_at'])
    .execute();
  await db.schema
    .createTable('swap_pool_moves')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('direction', 'varchar(8)', (c) => c.notNull())
    .addColumn('amount', 'varchar(40)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('operator_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  const grants = [
    { role: 'finance', permission: 'swap.manage' },
    { role: 'admin', permission: 'swap.manage' },
  ];
  await (db as Kysely<{ operator_role_permissions: { role: string; permission: string } }>)
    .insertInto('operator_role_permissions')
    .values(grants)
    .onConflict((oc) => oc.columns(['role', 'permission']).doNothing())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('swap_pool_moves').execute();
  await db.schema.dropTable('swap_quotes').execute();
  await db.schema.dropTable('swap_terms').execute();
}
