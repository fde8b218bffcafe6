import { sql, type Kysely } from 'kysely';

// Issue 27: the order lookups by the caller's reference and own id (migrations 0008, 0070)
// only ever ask for a given value, so their indexes need only the orders that have one:
// most orders (the market makers' quotes, orders placed without a key) carry neither, and
// each full index cost a fifth of an order row's bytes. `client_ref = ?` implies
// `client_ref is not null`, so SQLite and PostgreSQL both still use them.
const INDEXES = [
  ['trade_orders_client_ref', 'client_ref'],
  ['trade_orders_client_order_id', 'client_order_id'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, column] of INDEXES) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on('trade_orders')
      .columns(['user_id', column])
      .where(sql.ref(column), 'is not', null)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, column] of INDEXES) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on('trade_orders').columns(['user_id', column]).execute();
  }
}
