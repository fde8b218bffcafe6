import type { Kysely } from 'kysely';
import { DEFAULT_ROLE_PERMISSIONS, OPERATOR_ROLES } from '@meridian/contract';

/**
 * Operators: accounts apart from users (own passwords, TOTP required, own sessions) and
 * which role holds which permission, as data an admin changes through an audited call.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    // Set while the password is a one-time one: the first sign-in must replace it.
    .addColumn('must_activate', 'integer', (c) => c.notNull())
    .addColumn('totp_secret', 'text')
    .addColumn('totp_last_step', 'bigint')
    // The first sign-in's pending step: the token's hash, the secret being added, its end.
    .addColumn('setup_hash', 'varchar(64)')
    .addColumn('setup_secret', 'text')
    .addColumn('setup_expires_at', 'varchar(32)')
    .addColumn('disabled_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_login_at', 'varchar(32)')
    .execute();
  await db.schema
    .createTable('operator_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('operator_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('operator_sessions_operator')
    .on('operator_sessions')
    .column('operator_id')
    .execute();
  await db.schema
    .createTable('operator_role_permissions')
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('permission', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('operator_role_permissions_pk', ['role', 'permission'])
    .execute();
  const rows = OPERATOR_ROLES.flatMap((role) =>
    DEFAULT_ROLE_PERMISSIONS[role].map((permission) => ({ role, permission })),
  );
  await (db as Kysely<{ operator_role_permissions: { role: string; permission: string } }>)
    .insertInto('operator_role_permissions')
    .values(rows)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['operator_role_permissions', 'operator_sessions', 'operators']) {
    await db.schema.dropTable(table).execute();
  }
}
