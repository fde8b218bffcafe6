import type { Kysely } from 'kysely';

// Facts about the deployment itself (its id, when its data was created), shared by every
// node that points at the same database.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('platform_meta')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('platform_meta').execute();
}
