import { sql, type Kysely } from 'kysely';

/*
 * Issue 27, PostgreSQL: the three tables that grow with every trade are partitioned by
 * month of `created_at` (epoch milliseconds), so a month's rows live in their own table:
 * its indexes stay the size of a month, and a deployment that archives or drops old
 * months detaches one table instead of deleting millions of rows. SQLite keeps plain
 * tables (one file, one writer; the retention rules bound what it holds).
 *
 * A partitioned table's primary key must hold the partition key, so it is
 * (id, created_at); every lookup by id still walks each month's primary-key index, whose
 * leading column is id. A default partition takes any row outside the months created (a
 * clock set far ahead), so no insert ever fails; housekeeping creates the coming months
 * ahead of time so that nothing normally lands there.
 */
export const PARTITIONED_TABLES = ['ledger_postings', 'trade_fills', 'trade_orders'] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

/** Months created ahead of the current one on each run. */
export const MONTHS_AHEAD = 3;

export async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  return sql<{ v: string }>`select version() as v`
    .execute(db)
    .then(({ rows }) => String(rows[0]?.v).includes('PostgreSQL'))
    .catch(() => false);
}

/** The UTC month holding `ms`: its first millisecond, the next month's, and its name. */
export function monthOf(ms: number): { from: number; to: number; name: string } {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  return {
    from: Date.UTC(year, month, 1),
    to: Date.UTC(year, month + 1, 1),
    name: `${year}${String(month + 1).padStart(2, '0')}`,
  };
}

/** The months from the one holding `fromMs` to `MONTHS_AHEAD` past the one holding `nowMs`. */
export function monthsToCover(fromMs: number, nowMs: number): Array<ReturnType<typeof monthOf>> {
  const out = [];
  const last = monthOf(nowMs);
  const end = Date.UTC(
    new Date(last.from).getUTCFullYear(),
    new Date(last.from).getUTCMonth() + MONTHS_AHEAD + 1,
    1,
  );
  for (let m = monthOf(Math.min(fromMs, nowMs)); m.from < end; m = monthOf(m.to)) out.push(m);
  return out;
}

/**
 * Creates the month partitions of every partitioned table from the current month to
 * `MONTHS_AHEAD` ahead, where missing. A month the default partition already holds rows
 * of cannot be created (PostgreSQL refuses): it is skipped and named in the answer, and
 * those rows stay queryable in the default partition.
 */
export async function ensureMonthlyPartitions(
  db: Kysely<unknown>,
  nowMs: number,
): Promise<{ created: string[]; skipped: string[] }> {
  const created: string[] = [];
  const skipped: string[] = [];
  for (const table of PARTITIONED_TABLES) {
    for (const month of monthsToCover(nowMs, nowMs)) {
      const name = `${table}_p${month.name}`;
      const exists = await sql<{ n: number }>`select count(*)::int as n from pg_class c
        join pg_namespace s on s.oid = c.relnamespace
        where c.relname = ${name} and s.nspname = current_schema()`.execute(db);
      if ((exists.rows[0]?.n ?? 0) > 0) continue;
      try {
        await createMonth(db, table, month);
        created.push(name);
      } catch {
        skipped.push(name);
      }
    }
  }
  return { created, skipped };
}

async function createMonth(
  db: Kysely<unknown>,
  table: string,
  month: ReturnType<typeof monthOf>,
): Promise<void> {
  await sql`create table ${sql.id(`${table}_p${month.name}`)} partition of ${sql.id(table)}
    for values from (${sql.lit(month.from)}) to (${sql.lit(month.to)})`.execute(db);
}

/**
 * Turns a plain table into one partitioned by month, keeping its rows, columns and
 * indexes (names included): the old table is renamed aside, the new one created like it
 * with its months and a default partition, the rows copied, the indexes created again on
 * the new table (each month gets its own), and the old table dropped. One transaction
 * (the migration's), so a failure leaves the plain table as it was.
 */
export async function partitionByMonth(
  db: Kysely<unknown>,
  table: PartitionedTable,
  nowMs: number,
): Promise<void> {
  const old = `${table}_unpartitioned`;
  await sql`alter table ${sql.id(table)} rename to ${sql.id(old)}`.execute(db);
  const indexes = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef
    from pg_indexes where schemaname = current_schema() and tablename = ${old}`.execute(db);
  for (const { indexname } of indexes.rows) {
    await sql`alter index ${sql.id(indexname)} rename to ${sql.id(`${indexname}_old`)}`.execute(db);
  }
  await sql`create table ${sql.id(table)} (like ${sql.id(old)} including defaults)
    partition by range (created_at)`.execute(db);
  await sql`alter table ${sql.id(table)} add constraint ${sql.id(`${table}_pkey`)}
    primary key (id, created_at)`.execute(db);
  // The months the rows already fall in (however old), then this one and those ahead:
  // not every month in between, which for old rows would be hundreds of tables.
  const used = await sql<{ m: string }>`select distinct (extract(epoch from date_trunc('month',
    to_timestamp(created_at / 1000.0) at time zone 'UTC')) * 1000)::bigint::text as m
    from ${sql.id(old)}`.execute(db);
  const months = new Map(
    [...used.rows.map((r) => monthOf(Number(r.m))), ...monthsToCover(nowMs, nowMs)].map((m) => [
      m.name,
      m,
    ]),
  );
  for (const month of months.values()) await createMonth(db, table, month);
  await sql`create table ${sql.id(`${table}_pdefault`)} partition of ${sql.id(table)} default`.execute(
    db,
  );
  await sql`insert into ${sql.id(table)} select * from ${sql.id(old)}`.execute(db);
  for (const { indexname, indexdef } of indexes.rows) {
    if (indexname === `${table}_pkey`) continue;
    // Read before the indexes were renamed: the original name, on the renamed table.
    const definition = indexdef.replace(
      new RegExp(`ON (\\S+\\.)?${old} `),
      (_m, schema: string | undefined) => `ON ${schema ?? ''}${table} `,
    );
    await sql.raw(definition).execute(db);
  }
  await sql`drop table ${sql.id(old)}`.execute(db);
}
