import type { Kysely } from 'kysely';

// The caller's own order id (issue 26), for finding and cancelling an order by it. Its
// uniqueness is the engine's rule (open orders and the last 24 hours), not the table's.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trade_orders').addColumn('client_order_id', 'text').execute();
  await db.schema
    .createIndex('trade_orders_client_order_id')
    .on('trade_orders')
    .columns(['user_id', 'client_order_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('trade_orders_client_order_id').execute();
  await db.schema.alterTable('trade_orders').dropColumn('client_order_id').execute();
}
