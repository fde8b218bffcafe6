import { formatUnits, parseUnits } from '@meridian/core';
import type { MarketsDb } from '../tables.ts';
import type { IndexTick } from './source.ts';

const QUOTE_DECIMALS = 6;

/**
 * Stores index ticks (contracts settle on them later) and forgets those older than the
 * retention window. Ticks are written in the batches the source delivers.
 */
export function createTickStore(db: MarketsDb, retentionMs: number) {
  return {
    async save(ticks: IndexTick[], source: string): Promise<void> {
      if (ticks.length === 0) return;
      await db
        .insertInto('market_index_ticks')
        .values(
          ticks.map((t) => ({
            symbol: t.symbol,
            time: t.time,
            price: formatUnits(t.price, QUOTE_DECIMALS),
            source,
          })),
        )
        // A source that reports the same exchange timestamp twice is not a new tick.
        .onConflict((oc) => oc.columns(['symbol', 'time']).doNothing())
        .execute();
    },

    async prune(now: number): Promise<void> {
      await db
        .deleteFrom('market_index_ticks')
        .where('time', '<', now - retentionMs)
        .execute();
    },

    /** The newest stored price of each market: where a simulated index resumes. */
    async latest(): Promise<Map<string, bigint>> {
      const rows = await db
        .selectFrom('market_index_ticks as t')
        .select(['t.symbol', 't.price'])
        .where(({ eb, selectFrom }) =>
          eb(
            't.time',
            '=',
            selectFrom('market_index_ticks as u')
              .select(({ fn }) => fn.max('u.time').as('m'))
              .whereRef('u.symbol', '=', 't.symbol'),
          ),
        )
        .execute();
      return new Map(rows.map((r) => [r.symbol, parseUnits(r.price, QUOTE_DECIMALS)]));
    },

    /** A market's stored ticks within `spanMs` either side of `time`, oldest first. */
    async around(symbol: string, time: number, spanMs: number) {
      const rows = await db
        .selectFrom('market_index_ticks')
        .select(['time', 'price', 'source'])
        .where('symbol', '=', symbol)
        .where('time', '>=', time - spanMs)
        .where('time', '<=', time + spanMs)
        .orderBy('time', 'asc')
        .limit(500)
        .execute();
      return rows.map((r) => ({ time: Number(r.time), price: r.price, source: r.source }));
    },

    /** The first tick at or after `time` (what a fixed-period contract settles on). */
    async firstAtOrAfter(symbol: string, time: number) {
      const row = await db
        .selectFrom('market_index_ticks')
        .selectAll()
        .where('symbol', '=', symbol)
        .where('time', '>=', time)
        .orderBy('time', 'asc')
        .limit(1)
        .executeTakeFirst();
      return row
        ? { symbol: row.symbol, time: Number(row.time), price: row.price, source: row.source }
        : undefined;
    },
  };
}

export type TickStore = ReturnType<typeof createTickStore>;
