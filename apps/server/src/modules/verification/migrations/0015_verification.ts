import type { Kysely } from 'kysely';

// Times are ISO-8601 UTC strings (they sort as text on both databases).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(20)', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('storage_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('mime', 'varchar(32)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_user').on('uploads').column('user_id').execute();

  // The user id is the key: a second primary submission racing the first fails on it.
  await db.schema
    .createTable('identity_verifications')
    .addColumn('user_id', 'varchar(20)', (c) => c.primaryKey().references('users.id'))
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('id_number', 'varchar(40)', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('id_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('basic_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('submission_id', 'varchar(36)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('identity_submissions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(20)', (c) => c.notNull().references('users.id'))
    .addColumn('front_file_id', 'varchar(36)', (c) => c.notNull().references('uploads.id'))
    .addColumn('back_file_id', 'varchar(36)', (c) => c.notNull().references('uploads.id'))
    .addColumn('hand_file_id', 'varchar(36)', (c) => c.notNull().references('uploads.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('id_number', 'varchar(40)', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('id_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('identity_submissions_user')
    .on('identity_submissions')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(24)', (c) => c.notNull())
    .addColumn('subject_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(20)', (c) => c.notNull().references('users.id'))
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('claimed_by', 'varchar(36)')
    .addColumn('claimed_by_email', 'varchar(254)')
    .addColumn('claim_expires_at', 'varchar(32)')
    .addColumn('decided_by', 'varchar(36)')
    .addColumn('decided_by_email', 'varchar(254)')
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('reason', 'varchar(500)')
    .addUniqueConstraint('reviews_kind_subject', ['kind', 'subject_id'])
    .execute();
  await db.schema
    .createIndex('reviews_queue')
    .on('reviews')
    .columns(['kind', 'state', 'created_at'])
    .execute();
  await db.schema
    .createIndex('reviews_user')
    .on('reviews')
    .columns(['user_id', 'created_at'])
    .execute();

  // One card per user, bound once: the key refuses a second save, however they race.
  await db.schema
    .createTable('bank_cards')
    .addColumn('user_id', 'varchar(20)', (c) => c.primaryKey().references('users.id'))
    .addColumn('card_number', 'varchar(40)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('bank_address', 'varchar(200)')
    .addColumn('bank_code', 'varchar(20)')
    .addColumn('branch', 'varchar(100)')
    .addColumn('home_address', 'varchar(200)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'bank_cards',
    'reviews',
    'identity_submissions',
    'identity_verifications',
    'uploads',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
