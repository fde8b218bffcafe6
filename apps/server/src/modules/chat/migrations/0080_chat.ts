import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Customer-service chat. `chat_conversations`: one per user (unique), its state, who
 * answers it, and the counters the queue and the user's badge read (kept in the
 * transaction of each message). `chat_messages`: every message, never edited or deleted,
 * paged by its increasing id. `chat_canned_replies`: the support team's stock answers.
 * The support role and admins get the chat permissions on deployments older than them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(20)', (c) => c.notNull().unique().references('users.id'))
    .addColumn('state', 'varchar(8)', (c) => c.notNull())
    .addColumn('assigned_to', 'varchar(64)')
    .addColumn('assigned_email', 'varchar(254)')
    .addColumn('waiting', 'integer', (c) => c.notNull())
    .addColumn('user_unread', 'integer', (c) => c.notNull())
    .addColumn('last_message_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_content', 'varchar(120)', (c) => c.notNull())
    .addColumn('last_content_type', 'integer', (c) => c.notNull())
    .addColumn('closed_at', 'varchar(32)')
    .addColumn('closed_by', 'varchar(254)')
    .addColumn('close_note', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_conversations_queue')
    .on('chat_conversations')
    .columns(['state', 'assigned_to', 'last_message_at'])
    .execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('conversation_id', 'varchar(36)', (c) =>
      c.notNull().references('chat_conversations.id'),
    )
    .addColumn('sender', 'varchar(8)', (c) => c.notNull())
    .addColumn('operator_id', 'varchar(64)')
    .addColumn('operator_email', 'varchar(254)')
    .addColumn('content', 'varchar(2000)', (c) => c.notNull())
    .addColumn('content_type', 'integer', (c) => c.notNull())
    .addColumn('system_event', 'varchar(16)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_messages_conversation')
    .on('chat_messages')
    .columns(['conversation_id', 'id'])
    .execute();

  await db.schema
    .createTable('chat_canned_replies')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(80)', (c) => c.notNull())
    .addColumn('content', 'varchar(2000)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(254)', (c) => c.notNull())
    .execute();

  const grants = ['support', 'admin'].flatMap((role) =>
    ['chat.read', 'chat.reply', 'chat.manage'].map((permission) => ({ role, permission })),
  );
  await (db as Kysely<{ operator_role_permissions: { role: string; permission: string } }>)
    .insertInto('operator_role_permissions')
    .values(grants)
    .onConflict((oc) => oc.columns(['role', 'permission']).doNothing())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chat_canned_replies').execute();
  await db.schema.dropTable('chat_conversations').execute();
}
