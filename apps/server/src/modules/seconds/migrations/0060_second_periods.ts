import { sql, type Kysely } from 'kysely';

/** The defaults every market of the second-contract list starts with (PRODUCT.md, open points). */
const DEFAULTS = [
  { seconds: 30, profit: '0.2', loss: '0.2' },
  { seconds: 60, profit: '0.3', loss: '0.3' },
  { seconds: 120, profit: '0.4', loss: '0.4' },
  { seconds: 300, profit: '0.5', loss: '0.5' },
];

/**
 * Second-contract periods per market, with their published terms, seeded for every
 * market on the second-contract list; and the permission that edits them (admin and
 * finance), for deployments older than it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('second_periods')
    .addColumn('id', 'varchar(48)', (c) => c.primaryKey())
    .addColumn('symbol', 'varchar(32)', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('profit_rate', 'varchar(16)', (c) => c.notNull())
    .addColumn('loss_rate', 'varchar(16)', (c) => c.notNull())
    .addColumn('min_stake', 'varchar(40)', (c) => c.notNull())
    .addColumn('max_stake', 'varchar(40)', (c) => c.notNull())
    .addColumn('charge_rate', 'varchar(16)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('second_periods_symbol_seconds', ['symbol', 'seconds'])
    .execute();
  const markets = await sql<{ symbol: string }>`
    select symbol from catalogue_markets where list_second = 1 order by position
  `.execute(db);
  const rows = markets.rows.flatMap(({ symbol }) =>
    DEFAULTS.map((d) => ({
      id: `${symbol}-${d.seconds}`,
      symbol,
      seconds: d.seconds,
      profit_rate: d.profit,
      loss_rate: d.loss,
      min_stake: '10',
      max_stake: '10000',
      charge_rate: '0.002',
      enabled: 1,
      updated_at: 0,
    })),
  );
  if (rows.length > 0) {
    await (db as Kysely<{ second_periods: (typeof rows)[number] }>)
      .insertInto('second_periods')
      .values(rows)
      .execute();
  }
  await (db as Kysely<{ operator_role_permissions: { role: string; permission: string } }>)
    .insertInto('operator_role_permissions')
    .values([
      { role: 'finance', permission: 'seconds.manage' },
      { role: 'admin', permission: 'seconds.manage' },
    ])
    .onConflict((oc) => oc.columns(['role', 'permission']).doNothing())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('second_periods').execute();
}
