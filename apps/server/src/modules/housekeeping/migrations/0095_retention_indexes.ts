import { sql, type Kysely } from 'kysely';

// Issue 27: the retention deletes select by age without scanning the hot tables. A partial
// index holds only what a rule may remove (orders that ended without a fill), so it stays
// small however many filled orders there are; candles by interval and time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('trade_orders_unfilled_ended')
    .on('trade_orders')
    .column('updated_at')
    .where(sql.ref('status'), '=', 'cancelled')
    .where(sql.ref('filled_lots'), '=', 0)
    .execute();
  await db.schema
    .createIndex('market_candles_interval_time')
    .on('market_candles')
    .columns(['interval', 'open_time'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('idempotency_keys_created').execute();
  await db.schema.dropIndex('market_candles_interval_time').execute();
  await db.schema.dropIndex('trade_orders_unfilled_ended').execute();
}
