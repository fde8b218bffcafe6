import type { Kysely } from 'kysely';

// Times are ISO-8601 UTC strings (they sort as text on both databases); flags are 0/1.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('account', 'varchar(20)', (c) => c.unique())
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('phone', 'varchar(24)', (c) => c.unique())
    .addColumn('area_code', 'varchar(4)')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('fund_password_hash', 'text')
    .addColumn('anti_phishing_code', 'varchar(20)')
    .addColumn('totp_secret', 'varchar(64)')
    .addColumn('totp_pending_secret', 'varchar(64)')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('invite_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('inviter_id', 'varchar(20)', (c) => c.references('users.id'))
    .addColumn('is_merchant', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('vip', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credit_score', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('avatar', 'text')
    .addColumn('chat_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('withdraw_blocked_until', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('devices')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(20)', (c) => c.notNull().references('users.id'))
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull())
    .addColumn('last_ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('devices_user_fingerprint', ['user_id', 'fingerprint'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(20)', (c) => c.notNull().references('users.id'))
    .addColumn('device_id', 'varchar(36)', (c) => c.notNull().references('devices.id'))
    .addColumn('access_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('refresh_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('access_expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('refresh_expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('revoked_reason', 'varchar(32)')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  // Every refresh token ever rotated away: presenting one again means it was stolen.
  await db.schema
    .createTable('spent_refresh_tokens')
    .addColumn('hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(36)', (c) => c.notNull().references('sessions.id'))
    .addColumn('spent_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_log')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(20)', (c) => c.notNull().references('users.id'))
    .addColumn('device_id', 'varchar(36)')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull())
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_log_user')
    .on('login_log')
    .columns(['user_id', 'created_at'])
    .execute();

  // Keyed by what was typed, so a lockout says nothing about whether the account exists.
  await db.schema
    .createTable('login_failures')
    .addColumn('identifier', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('target', 'varchar(254)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('consumed_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('verification_codes_target')
    .on('verification_codes')
    .columns(['target', 'purpose', 'created_at'])
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('target', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('delivered_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('outbox_target')
    .on('outbox')
    .columns(['target', 'created_at'])
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(20)', (c) => c.notNull().references('users.id'))
    .addColumn('label', 'varchar(40)', (c) => c.notNull())
    .addColumn('api_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('scopes', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip_allowlist', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .addColumn('deleted_at', 'varchar(32)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'api_keys',
    'outbox',
    'verification_codes',
    'login_failures',
    'login_log',
    'spent_refresh_tokens',
    'sessions',
    'devices',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
