import type { SwapTerms as PublishedTerms } from '@meridian/contract';
import type { SwapTerms } from '@meridian/core';
import type { Transaction } from 'kysely';
import type { SwapDb, SwapTables } from './tables.ts';

/** How long a quote holds: long enough to read it, short enough to stay near the index. */
export const QUOTE_SECONDS = 10;

export type StoredTerms = SwapTerms & { updatedAt: number | null };

/** The published spread and fee (one row), read for every quote and shown on the page. */
export function createTerms(db: SwapDb) {
  async function read(): Promise<StoredTerms> {
    const row = await db
      .selectFrom('swap_terms')
      .selectAll()
      .where('id', '=', 'default')
      .executeTakeFirstOrThrow();
    return {
      spreadBps: Number(row.spread_bps),
      feeBps: Number(row.fee_bps),
      updatedAt: row.updated_at === null ? null : Number(row.updated_at),
    };
  }

  return {
    read,

    /** What `getSwapTerms` answers: the terms and the coins offered now. */
    async published(coins: PublishedTerms['coins']): Promise<PublishedTerms> {
      return { ...(await read()), quoteSeconds: QUOTE_SECONDS, coins };
    },

    /** Publishes new terms inside the caller's transaction (where its audit row is written). */
    async set(
      trx: Transaction<SwapTables>,
      terms: SwapTerms,
      by: { operatorId: string; at: number },
    ): Promise<void> {
      await trx
        .updateTable('swap_terms')
        .set({
          spread_bps: terms.spreadBps,
          fee_bps: terms.feeBps,
          updated_at: by.at,
          updated_by: by.operatorId,
        })
        .where('id', '=', 'default')
        .execute();
    },
  };
}

export type Terms = ReturnType<typeof createTerms>;
