import type { Kysely } from 'kysely';

/**
 * Signed API-key requests: how a key signs (HMAC-SHA256 with a secret the server keeps
 * encrypted, or Ed25519 with a public key the user uploaded), and why a key stopped
 * working when the platform disabled it (a password change). Keys made before this have
 * only the secret's hash and no sealed secret: they cannot sign and must be made again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('algorithm', 'varchar(16)', (c) => c.notNull().defaultTo('hmac-sha256'))
    .execute();
  await db.schema.alterTable('api_keys').addColumn('secret_sealed', 'text').execute();
  await db.schema.alterTable('api_keys').addColumn('public_key', 'text').execute();
  await db.schema.alterTable('api_keys').addColumn('deleted_reason', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['deleted_reason', 'public_key', 'secret_sealed', 'algorithm']) {
    await db.schema.alterTable('api_keys').dropColumn(column).execute();
  }
}
