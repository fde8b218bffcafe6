import type { Kysely } from 'kysely';

/**
 * Spot margin's warnings (level at or below 1.3): one row per engine `margin_warning`
 * event, keyed by its result's sequence number and place, so a replay writes none twice;
 * `sent_at` is claimed before the user is told, so none is told twice either.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('margin_warnings')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('pos', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('account', 'varchar(40)', (c) => c.notNull())
    .addColumn('level', 'varchar(48)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('margin_warnings_unsent')
    .on('margin_warnings')
    .columns(['sent_at', 'seq', 'pos'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('margin_warnings').execute();
}
