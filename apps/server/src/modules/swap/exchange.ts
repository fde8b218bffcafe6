import type { Swap, SwapResult } from '@meridian/contract';
import { parseUnits, type Asset } from '@meridian/core';
import type { Ack, EngineFront } from '../../engine/engine-front.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Claim, IntentRows } from '../../kernel/cluster/intents.ts';
import { AppError } from '../../kernel/errors.ts';
import { quoteView } from './quotes.ts';
import type { SwapDb, SwapQuotesTable } from './tables.ts';

/** The engine reference of a swap: its quote, so a quote settles once, ever. */
export const swapRef = (quoteId: string) => `swap:${quoteId}`;

/**
 * Swaps: a user accepts a stored quote of theirs before it expires (platform clock), the
 * acceptance is recorded first (`open` → `settling`, a conditional update), then the
 * engine settles exactly the quoted amounts once per quote; the leader finishes an
 * acceptance whose process died before the engine answered (`intents`). A quote is never re-priced: late is refused.
 */
export function createExchange(deps: {
  db: SwapDb;
  clock: Clock;
  engine: Pick<EngineFront, 'swap' | 'asset' | 'balance'>;
  claim: () => Claim;
}) {
  const { db, clock, engine, claim } = deps;

  const asset = (code: string): Asset => {
    const known = engine.asset(code);
    if (!known) throw new Error(`swap names unknown coin ${code}`);
    return known;
  };

  const find = (id: string) =>
    db.selectFrom('swap_quotes').selectAll().where('id', '=', id).executeTakeFirst();

  async function move(id: string, from: string, set: Partial<SwapQuotesTable>) {
    const moved = await db
      .updateTable('swap_quotes')
      .set(set)
      .where('id', '=', id)
      .where('state', '=', from)
      .executeTakeFirst();
    return moved.numUpdatedRows === 1n;
  }

  function swapView(row: SwapQuotesTable): Swap {
    const { createdAt: _created, expiresAt: _expires, ...quote } = quoteView(row);
    return { ...quote, time: Number(row.settled_at) };
  }

  function result(row: SwapQuotesTable): SwapResult {
    return {
      ...swapView(row),
      balances: [row.from_coin, row.to_coin].map((coin) => ({
        coin,
        available: engine.balance(row.user_id, coin)?.available ?? '0',
      })),
    };
  }

  function refusal(ack: Ack) {
    const refused = ack.events.find((e) => e.type === 'rejected');
    // Applied before: the engine settled this quote when a restart or a twin request sent it.
    if (refused?.type !== 'rejected' || refused.reason === 'duplicate_reference') return undefined;
    return refused.reason;
  }

  /** Sends an accepted quote to the engine and records what it came to. */
  async function settle(row: SwapQuotesTable): Promise<SwapResult> {
    const from = asset(row.from_coin);
    const to = asset(row.to_coin);
    const ack = await engine.swap(
      row.user_id,
      { from: from.code, to: to.code },
      {
        amountIn: parseUnits(row.quantity, from.decimals),
        gross: parseUnits(row.gross, to.decimals),
        fee: parseUnits(row.fee, to.decimals),
      },
      swapRef(row.id),
    );
    const refused = refusal(ack);
    if (refused) {
      await move(row.id, 'settling', { state: 'refused' });
      if (refused === 'insufficient_balance') {
        throw new AppError('validation', 'insufficientBalance', { field: from.code }, 'quantity');
      }
      if (refused === 'no_liquidity') {
        throw new AppError(
          'validation',
          'swapLiquidityInsufficient',
          { coin: to.code },
          'quantity',
        );
      }
      throw new Error(`swap ${row.id} refused by the engine: ${refused}`);
    }
    const settledAt = ack.ts ?? clock.now().getTime();
    await move(row.id, 'settling', { state: 'settled', settled_at: settledAt });
    return result((await find(row.id))!);
  }

  /** Where a quote stands now, for the user who owns it. */
  async function answer(row: SwapQuotesTable): Promise<SwapResult> {
    if (row.state === 'settled') return result(row);
    if (row.state === 'settling') return settle(row);
    throw new AppError('conflict', 'swapQuoteUsed');
  }

  return {
    /** Swaps at the user's quote `quoteId`; the same quote again answers the same swap. */
    async exchange(user: string, quoteId: string): Promise<SwapResult> {
      const row = await find(quoteId);
      if (!row || row.user_id !== user) throw new AppError('notFound', 'swapQuoteNotFound');
      if (row.state !== 'open') return answer(row);
      const now = clock.now().getTime();
      if (now >= Number(row.expires_at)) throw new AppError('validation', 'swapQuoteExpired');
      const accepted = await db
        .updateTable('swap_quotes')
        .set({ state: 'settling', ...claim() })
        .where('id', '=', quoteId)
        .where('state', '=', 'open')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (accepted.numUpdatedRows === 1n) return settle({ ...row, state: 'settling' });
      // A twin request accepted it first (or it expired meanwhile): answer what it is now.
      const now2 = (await find(quoteId))!;
      if (now2.state === 'open') throw new AppError('validation', 'swapQuoteExpired');
      return answer(now2);
    },

    /**
     * For an Idempotency-Key whose answer was lost with the process: the swap its quote
     * came to, or undefined if the quote was never accepted (then the request runs again).
     */
    async recovered(user: string, quoteId: string): Promise<SwapResult | undefined> {
      const row = await find(quoteId);
      if (!row || row.user_id !== user || row.state === 'open' || row.state === 'refused') {
        return undefined;
      }
      return answer(row);
    },

    /** A user's settled swaps, newest first. */
    async log(user: string, page: { current: number; size: number }) {
      const mine = db
        .selectFrom('swap_quotes')
        .where('user_id', '=', user)
        .where('state', '=', 'settled');
      const [rows, count] = await Promise.all([
        mine
          .selectAll()
          .orderBy('settled_at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.size)
          .offset((page.current - 1) * page.size)
          .execute(),
        mine.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { records: rows.map(swapView), total: Number(count.n), ...page };
    },

    /** Acceptances recorded and not yet answered by the engine. */
    intents: {
      pending: () =>
        db
          .selectFrom('swap_quotes')
          .selectAll()
          .where('state', '=', 'settling')
          .orderBy('created_at')
          .execute(),
      finish: settle,
    } satisfies IntentRows<SwapQuotesTable>,
  };
}

export type Exchange = ReturnType<typeof createExchange>;
