import type { Kysely } from 'kysely';

/** Perpetuals' history: orders, fills, public trades, funding rates and payments. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('perp_orders')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('symbol', 'varchar(32)', (c) => c.notNull())
    .addColumn('side', 'varchar(4)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('tif', 'varchar(16)', (c) => c.notNull())
    .addColumn('price', 'varchar(40)')
    .addColumn('trigger_price', 'varchar(40)')
    .addColumn('trigger', 'varchar(8)')
    .addColumn('triggered', 'integer', (c) => c.notNull())
    .addColumn('reduce_only', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('contracts', 'bigint', (c) => c.notNull())
    .addColumn('filled', 'bigint', (c) => c.notNull())
    .addColumn('filled_value', 'varchar(48)', (c) => c.notNull())
    .addColumn('fee', 'varchar(40)', (c) => c.notNull())
    .addColumn('pnl', 'varchar(40)', (c) => c.notNull())
    .addColumn('leverage', 'integer', (c) => c.notNull())
    .addColumn('margin_mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('client_order_id', 'varchar(64)')
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('cancel_reason', 'varchar(24)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('perp_orders_user')
    .on('perp_orders')
    .columns(['user_id', 'status', 'id'])
    .execute();
  await db.schema
    .createTable('perp_fills')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('trade_id', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('symbol', 'varchar(32)', (c) => c.notNull())
    .addColumn('side', 'varchar(4)', (c) => c.notNull())
    .addColumn('price', 'varchar(40)', (c) => c.notNull())
    .addColumn('contracts', 'bigint', (c) => c.notNull())
    .addColumn('liquidity', 'varchar(8)', (c) => c.notNull())
    .addColumn('fee', 'varchar(40)', (c) => c.notNull())
    .addColumn('pnl', 'varchar(40)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('perp_fills_user')
    .on('perp_fills')
    .columns(['user_id', 'trade_id'])
    .execute();
  await db.schema
    .createTable('perp_trades')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('symbol', 'varchar(32)', (c) => c.notNull())
    .addColumn('price', 'varchar(40)', (c) => c.notNull())
    .addColumn('contracts', 'bigint', (c) => c.notNull())
    .addColumn('taker_side', 'varchar(4)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('perp_trades_symbol')
    .on('perp_trades')
    .columns(['symbol', 'time'])
    .execute();
  await db.schema
    .createTable('perp_funding_rates')
    .addColumn('symbol', 'varchar(32)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'varchar(24)', (c) => c.notNull())
    .addColumn('mark', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('perp_funding_rates_pk', ['symbol', 'time'])
    .execute();
  await db.schema
    .createTable('perp_funding_payments')
    .addColumn('id', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('symbol', 'varchar(32)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'varchar(24)', (c) => c.notNull())
    .addColumn('mark', 'varchar(40)', (c) => c.notNull())
    .addColumn('side', 'varchar(8)', (c) => c.notNull())
    .addColumn('contracts', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('perp_funding_payments_user')
    .on('perp_funding_payments')
    .columns(['user_id', 'time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'perp_funding_payments',
    'perp_funding_rates',
    'perp_trades',
    'perp_fills',
    'perp_orders',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
