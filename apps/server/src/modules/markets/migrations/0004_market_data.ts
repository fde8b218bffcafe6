import type { Kysely } from 'kysely';

// Market data: index ticks (later issues settle contracts on them), candles of every
// interval folded from the engine's trades, and each user's watchlist. Prices and
// amounts are decimal strings; times are epoch milliseconds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('market_index_ticks')
    .addColumn('symbol', 'varchar(32)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('price', 'varchar(80)', (c) => c.notNull())
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('market_index_ticks_pk', ['symbol', 'time'])
    .execute();
  // Retention deletes by time across every market.
  await db.schema
    .createIndex('market_index_ticks_time')
    .on('market_index_ticks')
    .column('time')
    .execute();

  await db.schema
    .createTable('market_candles')
    .addColumn('symbol', 'varchar(32)', (c) => c.notNull())
    .addColumn('interval', 'varchar(4)', (c) => c.notNull())
    .addColumn('open_time', 'bigint', (c) => c.notNull())
    .addColumn('open', 'varchar(80)', (c) => c.notNull())
    .addColumn('high', 'varchar(80)', (c) => c.notNull())
    .addColumn('low', 'varchar(80)', (c) => c.notNull())
    .addColumn('close', 'varchar(80)', (c) => c.notNull())
    .addColumn('volume', 'varchar(80)', (c) => c.notNull())
    .addColumn('amount', 'varchar(80)', (c) => c.notNull())
    .addColumn('trades', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('market_candles_pk', ['symbol', 'interval', 'open_time'])
    .execute();

  await db.schema
    .createTable('market_favourites')
    .addColumn('user_id', 'varchar(130)', (c) => c.notNull())
    .addColumn('symbol', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('market_favourites_pk', ['user_id', 'symbol'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['market_favourites', 'market_candles', 'market_index_ticks']) {
    await db.schema.dropTable(table).execute();
  }
}
