import type { Kysely } from 'kysely';
import { claimColumns } from '../../../kernel/cluster/claim-columns.ts';

const quotes = claimColumns('swap_quotes');
const moves = claimColumns('swap_pool_moves');

// Which process settles a swap or posts a pool move: the leader finishes a dead one's.
export async function up(db: Kysely<unknown>): Promise<void> {
  await quotes.up(db);
  await moves.up(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await moves.down(db);
  await quotes.down(db);
}
