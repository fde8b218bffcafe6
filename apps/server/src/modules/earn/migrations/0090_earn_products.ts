import type { Kysely } from 'kysely';

/** Earn products (issue 22) and each user's order count per product; earn.manage granted. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('earn_products')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('section', 'varchar(12)')
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('min_units', 'bigint', (c) => c.notNull())
    .addColumn('max_units', 'bigint', (c) => c.notNull())
    .addColumn('daily_rate', 'varchar(12)', (c) => c.notNull())
    .addColumn('cycle_days', 'integer', (c) => c.notNull())
    .addColumn('per_user_limit', 'integer', (c) => c.notNull())
    .addColumn('capacity_units', 'bigint', (c) => c.notNull())
    .addColumn('subscribed_units', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('penalty_rate', 'varchar(12)', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('vip_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('earn_user_counts')
    .addColumn('product_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('earn_user_counts_pk', ['product_id', 'user_id'])
    .execute();
  const grants = [
    { role: 'finance', permission: 'earn.manage' },
    { role: 'admin', permission: 'earn.manage' },
  ];
  await (db as Kysely<{ operator_role_permissions: { role: string; permission: string } }>)
    .insertInto('operator_role_permissions')
    .values(grants)
    .onConflict((oc) => oc.columns(['role', 'permission']).doNothing())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('earn_user_counts').execute();
  await db.schema.dropTable('earn_products').execute();
}
