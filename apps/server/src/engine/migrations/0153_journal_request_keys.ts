import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Each command an API process sends to the engine leader carries a key of the process's
// choosing; the leader journals it with the command. After a failover, the process asks
// the new leader again with the same key and is told where the command already stands,
// and the unique index makes a second journal row for one key impossible.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema.alterTable('engine_journal').addColumn('request_key', 'text').execute();
  await sql`create unique index engine_journal_request_key on engine_journal (request_key)
            where request_key is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema.alterTable('engine_journal').dropColumn('request_key').execute();
}
