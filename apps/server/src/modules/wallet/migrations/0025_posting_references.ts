import type { Kysely } from 'kysely';

// A posting found by what caused it: a transfer whose answer was lost in a crash is found
// again by its reference (the user and the Idempotency-Key), and a user's bills look up
// the adjustments their postings name.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('ledger_postings_reference')
    .on('ledger_postings')
    .columns(['ref_kind', 'ref_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_postings_reference').execute();
}
