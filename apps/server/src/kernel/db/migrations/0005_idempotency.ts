import type { Kysely } from 'kysely';

// Idempotency keys of the money-moving calls (placing and cancelling orders): a retried
// request with the same key from the same user gets the first answer and moves nothing.
// Keys are unique per user only, so two users may pick the same key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'varchar(130)', (c) => c.notNull())
    .addColumn('key', 'varchar(128)', (c) => c.notNull())
    .addColumn('call', 'varchar(120)', (c) => c.notNull())
    // Null while the first request is still running.
    .addColumn('response', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
