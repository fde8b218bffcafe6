import type { Kysely } from 'kysely';

// The default watcher's chain: a deterministic simulation kept in the database so blocks,
// confirmations and reorgs survive a restart. `seq` orders outputs as they were sent (the
// watcher's cursor); a null block height is the mempool.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sim_chain_outputs')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('txid', 'varchar(100)', (c) => c.notNull())
    .addColumn('vout', 'integer', (c) => c.notNull())
    .addColumn('address', 'varchar(100)', (c) => c.notNull())
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'varchar(80)', (c) => c.notNull())
    .addColumn('block_height', 'integer')
    // 1 once a reorganisation removed its block: kept so its sequence number and txid are
    // never given to another output.
    .addColumn('orphaned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('sim_chain_outputs_output', ['network', 'txid', 'vout'])
    .execute();
  await db.schema
    .createIndex('sim_chain_outputs_block')
    .on('sim_chain_outputs')
    .columns(['network', 'block_height'])
    .execute();
  await db.schema
    .createTable('sim_chain_tips')
    .addColumn('network', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('height', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sim_chain_tips').execute();
  await db.schema.dropTable('sim_chain_outputs').execute();
}
