import type { Kysely } from 'kysely';

// Deposits the chain watcher saw to users' addresses. (network, txid, vout) is the key
// that makes a transaction seen twice one record; the engine's deposit reference
// `chain:<network>:<txid>:<vout>` makes the credit itself happen once.
// status: confirming -> crediting (final, decided) -> credited; confirming -> dropped (a
// reorg removed it before finality); confirming -> belowMinimum (final, not credited).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chain_deposits')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('txid', 'varchar(100)', (c) => c.notNull())
    .addColumn('vout', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'varchar(20)', (c) => c.notNull().references('users.id'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(100)', (c) => c.notNull())
    .addColumn('amount', 'varchar(80)', (c) => c.notNull())
    .addColumn('confirmations', 'integer', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('credited_at', 'varchar(32)')
    .addUniqueConstraint('chain_deposits_output', ['network', 'txid', 'vout'])
    .execute();
  await db.schema
    .createIndex('chain_deposits_user')
    .on('chain_deposits')
    .columns(['user_id', 'seen_at'])
    .execute();
  await db.schema
    .createIndex('chain_deposits_open')
    .on('chain_deposits')
    .columns(['network', 'status'])
    .execute();

  // How far the watcher has read each network (its own opaque cursor).
  await db.schema
    .createTable('deposit_scan_cursors')
    .addColumn('network', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('cursor', 'varchar(100)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deposit_scan_cursors').execute();
  await db.schema.dropTable('chain_deposits').execute();
}
