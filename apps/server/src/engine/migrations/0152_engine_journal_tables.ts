import { PostgresAdapter, type Kysely } from 'kysely';

// The engine's journal and snapshots for a deployment whose engine keeps them in
// PostgreSQL (ENGINE_STORE=postgres, store/pg-store.ts): a standby engine on another
// machine reads what the leader wrote. The embedded start keeps them in files, so
// SQLite gets no such tables.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .createTable('engine_journal')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('command', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('engine_snapshots')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema.dropTable('engine_snapshots').execute();
  await db.schema.dropTable('engine_journal').execute();
}
