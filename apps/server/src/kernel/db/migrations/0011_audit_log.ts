import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The operators' audit log: one row per operator write (and per document viewed), in the
 * same transaction as the change. Append-only by construction: the database itself
 * refuses an UPDATE, DELETE (or, on PostgreSQL, TRUNCATE) of it, whoever asks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('audit_log')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('operator_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('operator_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(130)', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('reason', 'varchar(500)')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_target')
    .on('audit_log')
    .columns(['target_type', 'target_id'])
    .execute();
  await db.schema
    .createIndex('audit_log_operator')
    .on('audit_log')
    .columns(['operator_id', 'id'])
    .execute();
  if (postgres) {
    await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable('audit_log').execute();
  if (postgres) await sql`DROP FUNCTION audit_log_append_only()`.execute(db);
}
