import type { Kysely } from 'kysely';

/**
 * The accrual runner walks the orders in progress in id order (a keyset cursor), so each
 * run reads every order once, as a range of this index, whatever their due times.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('earn_positions_state_id')
    .on('earn_positions')
    .columns(['state', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('earn_positions_state_id').execute();
}
