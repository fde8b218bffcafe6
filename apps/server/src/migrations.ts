import type { Kysely } from 'kysely';
import { ENGINE_MIGRATIONS } from './engine/migrations/index.ts';
import { applyMigrations, collectMigrations } from './kernel/db/database.ts';
import { KERNEL_MIGRATIONS } from './kernel/db/migrations/kernel-migrations.ts';
import type { KernelTables } from './kernel/db/schema.ts';
import { MODULES } from './modules.ts';

/** Every table's migrations, in the order they apply: kernel, engine and each module's. */
export const migrations = collectMigrations([
  KERNEL_MIGRATIONS,
  ENGINE_MIGRATIONS,
  ...MODULES.map((module) => module.migrations ?? {}),
]);

/** Applies the platform's pending migrations; returns the names applied. */
export function migrateToLatest(db: Kysely<KernelTables>): Promise<string[]> {
  return applyMigrations(db, migrations);
}
