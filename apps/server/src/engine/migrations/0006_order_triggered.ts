import { sql, type Kysely } from 'kysely';

// Whether a stop-limit order has triggered, recorded when the engine says so: the status
// alone cannot tell a cancelled order that never triggered from one that did. Every
// other kind of order is live from the start, hence the default.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('trade_orders')
    .addColumn('triggered', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // Orders projected before this column: a waiting stop-limit has not triggered; a
  // cancelled one without any fill most likely never did (the older rows cannot say).
  await sql`
    update trade_orders set triggered = 0
    where kind = 'stop_limit'
      and (status = 'waiting' or (status = 'cancelled' and filled_lots = 0))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trade_orders').dropColumn('triggered').execute();
}
