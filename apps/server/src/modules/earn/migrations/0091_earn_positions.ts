import type { Kysely } from 'kysely';

/**
 * Earn orders (positions) and their paid days. `(position_id, day)` is the accrual's
 * unique key: a day is recorded once whatever restarts or runners repeat it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('earn_positions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('product_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('section', 'varchar(12)')
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('principal_units', 'bigint', (c) => c.notNull())
    .addColumn('daily_rate', 'varchar(12)', (c) => c.notNull())
    .addColumn('daily_units', 'bigint', (c) => c.notNull())
    .addColumn('cycle_days', 'integer', (c) => c.notNull())
    .addColumn('penalty_rate', 'varchar(12)', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('subscribed_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('paid_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_due_at', 'bigint', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('penalty_units', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('returned_units', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('earn_positions_due')
    .on('earn_positions')
    .columns(['state', 'next_due_at'])
    .execute();
  await db.schema
    .createIndex('earn_positions_user')
    .on('earn_positions')
    .columns(['user_id', 'kind', 'created_at'])
    .execute();
  await db.schema
    .createIndex('earn_positions_product')
    .on('earn_positions')
    .columns(['product_id', 'state'])
    .execute();
  await db.schema
    .createTable('earn_accruals')
    .addColumn('position_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('product_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount_units', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('earn_accruals_pk', ['position_id', 'day'])
    .execute();
  await db.schema
    .createIndex('earn_accruals_user')
    .on('earn_accruals')
    .columns(['user_id', 'date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('earn_accruals').execute();
  await db.schema.dropTable('earn_positions').execute();
}
