import type { Kysely } from 'kysely';

// Which wallet an order trades from: null for the spot wallet, `margin` for the cross
// margin account, `margin.<symbol>` for a pair's isolated one (the engine's accepted
// event). The spot lists show only the spot wallet's orders, the margin centres their
// accounts'. The lists already narrow by user first (trade_orders_user), so no index.
// On PostgreSQL the table is partitioned by then (0120): a column added to the parent
// reaches every partition, and the months created later are made from the parent.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trade_orders').addColumn('wallet', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trade_orders').dropColumn('wallet').execute();
}
