import type { Kysely } from 'kysely';

/** Spot margin's history: borrows, repayments, interest and liquidations per account. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('margin_history')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('pos', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('account', 'varchar(40)', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'varchar(48)', (c) => c.notNull())
    .addColumn('insurance', 'varchar(48)')
    .addColumn('left_owed', 'varchar(48)')
    .addColumn('time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('margin_history_user')
    .on('margin_history')
    .columns(['user_id', 'account', 'seq', 'pos'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('margin_history').execute();
}
