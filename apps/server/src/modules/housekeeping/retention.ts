import { retentionCutoffs, MARKET_MAKING_OWNER } from '@meridian/core';
import type { HousekeepingDb } from './tables.ts';

/** Rows one delete removes at most: each is its own short transaction beside trading. */
const BATCH = 2_000;
const SIX_HOURS = 6 * 3_600_000;

export interface RetentionResult {
  /** Orders removed that ended without any fill (users' and market makers'). */
  orders: number;
  /** 1-minute candles removed. */
  candles: number;
}

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `step` (one bounded delete, answering how many rows went) until it removes less. */
async function inBatches(step: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await step();
    total += removed;
    if (removed < BATCH) return total;
    // Trading's writes (the projection) get the database between two batches.
    await yieldToOthers();
  }
}

/**
 * Applies the published retention rules (`RETENTION` in @meridian/core) once, at `now`.
 * Idempotent: running it twice, or after a restart, removes nothing more than once.
 * Only rows that moved no money go; orders with a fill, fills and postings are never
 * touched. The same statements run on SQLite and PostgreSQL.
 */
export async function applyRetention(db: HousekeepingDb, now: number): Promise<RetentionResult> {
  const cut = retentionCutoffs(now);
  const unfilled = (before: number, makersOnly: boolean) => async () => {
    let ids = db
      .selectFrom('trade_orders')
      .select('id')
      .where('status', '=', 'cancelled')
      .where('filled_lots', '=', 0)
      .where('updated_at', '<', before)
      .limit(BATCH);
    if (makersOnly) ids = ids.where('user_id', 'like', `${MARKET_MAKING_OWNER}%`);
    const gone = await db.deleteFrom('trade_orders').where('id', 'in', ids).executeTakeFirst();
    return Number(gone.numDeletedRows);
  };
  const orders =
    (await inBatches(unfilled(cut.makerUnfilledOrders, true))) +
    (await inBatches(unfilled(cut.unfilledOrders, false)));

  // Minute candles by time window (their key leads with the symbol): six hours a delete.
  let candles = 0;
  for (;;) {
    const oldest = await db
      .selectFrom('market_candles')
      .select(({ fn }) => fn.min('open_time').as('t'))
      .where('interval', '=', '1m')
      .executeTakeFirst();
    const from = oldest?.t === null || oldest?.t === undefined ? null : Number(oldest.t);
    if (from === null || from >= cut.minuteCandles) break;
    const gone = await db
      .deleteFrom('market_candles')
      .where('interval', '=', '1m')
      .where('open_time', '<', Math.min(cut.minuteCandles, from + SIX_HOURS))
      .executeTakeFirst();
    candles += Number(gone.numDeletedRows);
    await yieldToOthers();
  }
  return { orders, candles };
}
