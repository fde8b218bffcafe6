import type { Kysely } from 'kysely';

// Which process runs a key's request: with several API processes, a key still in
// progress is refused while its process lives and recovered once it is gone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('owner', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('owner').execute();
}
