import type { Kysely } from 'kysely';

// The catalogue as data (issue 16): the coins and markets operators list, pause and
// reprice, and the fee changes they schedule. These rows are the operators' record; the
// engine holds what trades, listed through journalled commands, and the two are made to
// agree at every start. Sizes and prices are decimal text in their coin's units; rates
// are whole basis points; switches are 0/1; times are epoch milliseconds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalogue_coins')
    .addColumn('code', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('decimals', 'integer', (c) => c.notNull())
    .addColumn('icon', 'varchar(256)')
    .addColumn('deposit_enabled', 'integer', (c) => c.notNull())
    .addColumn('withdraw_enabled', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('catalogue_markets')
    .addColumn('symbol', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('base', 'varchar(16)', (c) => c.notNull().references('catalogue_coins.code'))
    .addColumn('quote', 'varchar(16)', (c) => c.notNull().references('catalogue_coins.code'))
    .addColumn('tick_size', 'varchar(80)', (c) => c.notNull())
    .addColumn('lot_size', 'varchar(80)', (c) => c.notNull())
    .addColumn('min_notional', 'varchar(80)', (c) => c.notNull())
    .addColumn('maker_fee_bps', 'integer', (c) => c.notNull())
    .addColumn('taker_fee_bps', 'integer', (c) => c.notNull())
    .addColumn('band_bps', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('price_decimals', 'integer', (c) => c.notNull())
    .addColumn('quantity_decimals', 'integer', (c) => c.notNull())
    .addColumn('list_spot', 'integer', (c) => c.notNull())
    .addColumn('list_second', 'integer', (c) => c.notNull())
    .addColumn('list_contract', 'integer', (c) => c.notNull())
    .addColumn('plate', 'varchar(128)', (c) => c.notNull())
    .addColumn('reference_price', 'varchar(80)', (c) => c.notNull())
    .addColumn('volatility_ppm', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('catalogue_fee_changes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('market', 'varchar(32)', (c) => c.notNull().references('catalogue_markets.symbol'))
    .addColumn('maker_fee_bps', 'integer', (c) => c.notNull())
    .addColumn('taker_fee_bps', 'integer', (c) => c.notNull())
    .addColumn('effective_at', 'bigint', (c) => c.notNull())
    // scheduled -> applying -> applied, or scheduled -> cancelled.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('applied_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    .execute();
  // The job asks for the changes that are due, oldest first.
  await db.schema
    .createIndex('catalogue_fee_changes_due')
    .on('catalogue_fee_changes')
    .columns(['status', 'effective_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['catalogue_fee_changes', 'catalogue_markets', 'catalogue_coins']) {
    await db.schema.dropTable(table).execute();
  }
}
