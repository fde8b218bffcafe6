import type { Kysely } from 'kysely';

/**
 * A migration giving an intent table its claim (`intents.ts`): which process started a
 * row's work and when. Rows written before it have none and count as left by a process
 * that is gone.
 */
export function claimColumns(table: string) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable(table).addColumn('owner', 'varchar(40)').execute();
      await db.schema.alterTable(table).addColumn('claimed_at', 'bigint').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable(table).dropColumn('claimed_at').execute();
      await db.schema.alterTable(table).dropColumn('owner').execute();
    },
  };
}
