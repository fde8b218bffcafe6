import { sql, type RawBuilder } from 'kysely';

/**
 * An exact total of a minor-units column (migration 0009) as digit text, on PostgreSQL
 * and SQLite alike; null over no rows. Cast in SQL because SQLite returns an INTEGER as
 * a JS number, which is exact only to 2^53.
 */
export function sumUnits(column: string): RawBuilder<string | null> {
  return sql<string | null>`cast(sum(${sql.ref(column)}) as text)`;
}

/** A minor-units column read as exact digit text. */
export function unitsText(column: string): RawBuilder<string | null> {
  return sql<string | null>`cast(${sql.ref(column)} as text)`;
}
