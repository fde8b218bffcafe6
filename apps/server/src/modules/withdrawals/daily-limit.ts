import type { Transaction } from 'kysely';
import type { WithdrawalTables } from './tables.ts';

/** A counter changed by someone else between the read and the write: run again. */
export class CounterRace extends Error {}

/** The UTC day a withdrawal counts against. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Moves a user's counter of one coin and day by `delta` minor units, as long as the new
 * total stays within 0 and `limit` (undefined: no upper bound, for giving back). The write
 * is `UPDATE ... WHERE version = read`, so of two parallel requests that both read the old
 * total, one writes and the other gets `CounterRace` and runs its transaction again.
 * Returns the new total, or undefined if it would pass the limit (nothing written).
 */
export async function moveCounter(
  trx: Transaction<WithdrawalTables>,
  key: { userId: string; coin: string; day: string },
  delta: bigint,
  limit: bigint | undefined,
): Promise<{ used: bigint; ok: boolean }> {
  await trx
    .insertInto('withdrawal_daily')
    .values({ user_id: key.userId, coin: key.coin, day: key.day, used: '0', version: 0 })
    .onConflict((oc) => oc.columns(['user_id', 'coin', 'day']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('withdrawal_daily')
    .select(['used', 'version'])
    .where('user_id', '=', key.userId)
    .where('coin', '=', key.coin)
    .where('day', '=', key.day)
    .executeTakeFirstOrThrow();
  const used = BigInt(row.used);
  let next = used + delta;
  if (next < 0n) next = 0n;
  if (limit !== undefined && next > limit) return { used, ok: false };
  const written = await trx
    .updateTable('withdrawal_daily')
    .set({ used: next.toString(), version: Number(row.version) + 1 })
    .where('user_id', '=', key.userId)
    .where('coin', '=', key.coin)
    .where('day', '=', key.day)
    .where('version', '=', Number(row.version))
    .executeTakeFirst();
  if (written.numUpdatedRows !== 1n) throw new CounterRace();
  return { used: next, ok: true };
}

/** How much a user has counted today of a coin, in minor units. */
export async function usedToday(
  db: Pick<Transaction<WithdrawalTables>, 'selectFrom'>,
  key: { userId: string; coin: string; day: string },
): Promise<bigint> {
  const row = await db
    .selectFrom('withdrawal_daily')
    .select('used')
    .where('user_id', '=', key.userId)
    .where('coin', '=', key.coin)
    .where('day', '=', key.day)
    .executeTakeFirst();
  return row ? BigInt(row.used) : 0n;
}
