import type { Kysely } from 'kysely';

/**
 * The language a user last signed in with, so what reaches them outside a request (a
 * margin warning's email) is in their language. Null until their next sign-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'varchar(8)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
