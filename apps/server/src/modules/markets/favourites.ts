import type { MarketsDb } from './tables.ts';

/** Each user's watchlist: rows keyed by the user, so no user ever reads another's. */
export function createFavourites(db: MarketsDb, now: () => number) {
  return {
    /** Adding a market already in the list changes nothing. */
    async add(userId: string, symbol: string): Promise<void> {
      await db
        .insertInto('market_favourites')
        .values({ user_id: userId, symbol, created_at: now() })
        .onConflict((oc) => oc.columns(['user_id', 'symbol']).doNothing())
        .execute();
    },

    async remove(userId: string, symbol: string): Promise<void> {
      await db
        .deleteFrom('market_favourites')
        .where('user_id', '=', userId)
        .where('symbol', '=', symbol)
        .execute();
    },

    async list(userId: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('market_favourites')
        .select('symbol')
        .where('user_id', '=', userId)
        .execute();
      return new Set(rows.map((r) => r.symbol));
    },
  };
}

export type Favourites = ReturnType<typeof createFavourites>;
