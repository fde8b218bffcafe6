import { sql, type Kysely } from 'kysely';

// Amounts beside their text as integer minor units, so the database itself can total and
// order them exactly: NUMERIC(40,0) on PostgreSQL (exact at any size), INTEGER on SQLite
// (64-bit; every single amount fits, an asset's largest is 10^18 minor units, and a SUM
// past 9.2e18 stops with "integer overflow" rather than round). The text columns stay
// what the calls read. Rows written before this migration get their units when the
// projector next opens (units-backfill.ts): it knows every asset's decimals.
export const UNITS_COLUMNS = [
  ['ledger_postings', 'amount_units'],
  ['ledger_balances', 'balance_units'],
  ['trade_fills', 'price_units'],
  ['trade_fills', 'quantity_units'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = await sql`select version() as v`
    .execute(db)
    .then(({ rows }) => String((rows[0] as { v: unknown }).v).includes('PostgreSQL'))
    .catch(() => false);
  const type = postgres ? sql`numeric(40,0)` : sql`integer`;
  for (const [table, column] of UNITS_COLUMNS) {
    await db.schema.alterTable(table).addColumn(column, type).execute();
  }
  await db.schema
    .createIndex('ledger_balances_asset_units')
    .on('ledger_balances')
    .columns(['asset', 'balance_units'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_balances_asset_units').execute();
  for (const [table, column] of UNITS_COLUMNS) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
