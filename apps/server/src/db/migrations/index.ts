import type { Migration } from 'kysely';
import * as m0001 from './0001_platform_meta.ts';

/** One migration set for SQLite and PostgreSQL, applied in key order at start. */
export const migrations: Record<string, Migration> = {
  '0001_platform_meta': m0001,
};
