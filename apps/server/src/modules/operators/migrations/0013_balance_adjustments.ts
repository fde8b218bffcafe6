import type { Kysely } from 'kysely';

/**
 * Manual balance corrections under dual control: one operator proposes, another approves,
 * and only then does the ledger move (reference `adjustment:<id>`, applied once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('balance_adjustments')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(130)', (c) => c.notNull())
    .addColumn('asset', 'varchar(16)', (c) => c.notNull())
    // Signed decimal text: a credit is positive.
    .addColumn('amount', 'varchar(64)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('proposed_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('proposed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_by', 'varchar(64)')
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('decision_note', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('balance_adjustments_state')
    .on('balance_adjustments')
    .columns(['state', 'proposed_at'])
    .execute();
  await db.schema
    .createIndex('balance_adjustments_user')
    .on('balance_adjustments')
    .columns(['user_id', 'proposed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('balance_adjustments').execute();
}
