import type { Kysely } from 'kysely';

// One deposit address per user, coin and network, derived at `0/<derivation_index>` under
// the scheme's account xpub. Both keys make allocation atomic: two requests racing for the
// same user, coin and network, or for the same next index, cannot both insert.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deposit_addresses')
    .addColumn('user_id', 'varchar(20)', (c) => c.notNull().references('users.id'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('scheme', 'varchar(16)', (c) => c.notNull())
    .addColumn('derivation_index', 'integer', (c) => c.notNull())
    .addColumn('address', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('deposit_addresses_pk', ['user_id', 'coin', 'network'])
    .addUniqueConstraint('deposit_addresses_index', ['scheme', 'derivation_index'])
    .execute();
  // The watcher's question: whose address is this, on this network?
  await db.schema
    .createIndex('deposit_addresses_lookup')
    .on('deposit_addresses')
    .columns(['network', 'address'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deposit_addresses').execute();
}
