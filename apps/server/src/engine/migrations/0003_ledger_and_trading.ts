import type { Kysely } from 'kysely';

// Query tables derived from the trading engine's events. The engine's journal is the
// record; these rows are rebuilt from it. Amounts are decimal strings (never float);
// sequence numbers and ids are bigint.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_assets')
    .addColumn('code', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('decimals', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ledger_postings')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('asset', 'varchar(16)', (c) => c.notNull())
    .addColumn('from_account', 'varchar(200)', (c) => c.notNull())
    .addColumn('to_account', 'varchar(200)', (c) => c.notNull())
    .addColumn('amount', 'varchar(80)', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref_kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref_id', 'varchar(130)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_postings_from')
    .on('ledger_postings')
    .column('from_account')
    .execute();
  await db.schema
    .createIndex('ledger_postings_to')
    .on('ledger_postings')
    .column('to_account')
    .execute();

  await db.schema
    .createTable('ledger_balances')
    .addColumn('account', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('asset', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(130)')
    .addColumn('balance', 'varchar(80)', (c) => c.notNull())
    .addColumn('updated_seq', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_balances_user')
    .on('ledger_balances')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('trade_orders')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('market', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(130)', (c) => c.notNull())
    .addColumn('side', 'varchar(4)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('tif', 'varchar(16)', (c) => c.notNull())
    .addColumn('price', 'varchar(80)')
    .addColumn('quantity', 'varchar(80)')
    .addColumn('quote_amount', 'varchar(80)')
    .addColumn('stop_price', 'varchar(80)')
    .addColumn('filled', 'varchar(80)', (c) => c.notNull())
    .addColumn('filled_lots', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('cancel_reason', 'varchar(16)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trade_orders_user')
    .on('trade_orders')
    .columns(['user_id', 'market', 'status'])
    .execute();

  await db.schema
    .createTable('trade_fills')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('market', 'varchar(32)', (c) => c.notNull())
    .addColumn('price', 'varchar(80)', (c) => c.notNull())
    .addColumn('quantity', 'varchar(80)', (c) => c.notNull())
    .addColumn('taker_side', 'varchar(4)', (c) => c.notNull())
    .addColumn('maker_order_id', 'bigint', (c) => c.notNull())
    .addColumn('taker_order_id', 'bigint', (c) => c.notNull())
    .addColumn('maker_user_id', 'varchar(130)', (c) => c.notNull())
    .addColumn('taker_user_id', 'varchar(130)', (c) => c.notNull())
    .addColumn('maker_fee', 'varchar(80)', (c) => c.notNull())
    .addColumn('taker_fee', 'varchar(80)', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trade_fills_market')
    .on('trade_fills')
    .columns(['market', 'id'])
    .execute();

  await db.schema
    .createTable('engine_projection')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('last_seq', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'engine_projection',
    'trade_fills',
    'trade_orders',
    'ledger_balances',
    'ledger_postings',
    'ledger_assets',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
