import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Images operators upload for articles and banners. The re-encoded bytes are kept in the
 * database, so every node of a PostgreSQL deployment serves the same picture and a
 * backup of the database holds the help centre whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('content_images')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('mime', 'varchar(20)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('operator_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_images').execute();
}
