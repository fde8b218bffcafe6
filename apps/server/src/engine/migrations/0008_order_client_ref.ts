import type { Kysely } from 'kysely';

// The caller's reference of an order (its Idempotency-Key), journalled with the order:
// a key whose answer was lost in a crash finds its order again by it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trade_orders').addColumn('client_ref', 'text').execute();
  await db.schema
    .createIndex('trade_orders_client_ref')
    .on('trade_orders')
    .columns(['user_id', 'client_ref'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('trade_orders_client_ref').execute();
  await db.schema.alterTable('trade_orders').dropColumn('client_ref').execute();
}
