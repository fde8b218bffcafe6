import type { Kysely } from 'kysely';

/**
 * Settled second contracts, written from the engine's settlement events with their
 * settling tick. Open ones live in the engine (and its snapshot) until then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('second_contracts')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('symbol', 'varchar(32)', (c) => c.notNull())
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('direction', 'varchar(4)', (c) => c.notNull())
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('stake', 'varchar(40)', (c) => c.notNull())
    .addColumn('charge', 'varchar(40)', (c) => c.notNull())
    .addColumn('profit_bps', 'integer', (c) => c.notNull())
    .addColumn('loss_bps', 'integer', (c) => c.notNull())
    .addColumn('open_price', 'varchar(40)', (c) => c.notNull())
    .addColumn('open_tick_seq', 'bigint', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('expiry', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'varchar(4)', (c) => c.notNull())
    .addColumn('payout', 'varchar(40)', (c) => c.notNull())
    .addColumn('pnl', 'varchar(40)', (c) => c.notNull())
    .addColumn('close_price', 'varchar(40)', (c) => c.notNull())
    .addColumn('close_tick_seq', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint', (c) => c.notNull())
    .addColumn('close_source', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_ref', 'varchar(128)')
    .execute();
  await db.schema
    .createIndex('second_contracts_user')
    .on('second_contracts')
    .columns(['user_id', 'opened_at'])
    .execute();
  await db.schema
    .createIndex('second_contracts_client_ref')
    .on('second_contracts')
    .columns(['user_id', 'client_ref'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('second_contracts').execute();
}
