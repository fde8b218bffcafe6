import type { Kysely } from 'kysely';

// An order's fills are looked up by its id on either side of the trade (order views,
// order details, cancels); without these every lookup read the whole fills table.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('trade_fills_maker_order')
    .on('trade_fills')
    .column('maker_order_id')
    .execute();
  await db.schema
    .createIndex('trade_fills_taker_order')
    .on('trade_fills')
    .column('taker_order_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('trade_fills_taker_order').execute();
  await db.schema.dropIndex('trade_fills_maker_order').execute();
}
