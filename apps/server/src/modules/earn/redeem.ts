import type { EarnOrder } from '@meridian/contract';
import { penaltyAmount, rateToPpm, type RejectReason, type RequestRejection } from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Claim, IntentRows } from '../../kernel/cluster/intents.ts';
import { AppError } from '../../kernel/errors.ts';
import { units } from './amounts.ts';
import { orderView } from './orders.ts';
import type { EarnDb, EarnPositionsTable } from './tables.ts';

/**
 * Closing orders: early redemption (the user's action, principal less the published
 * penalty, the penalty to the product's funding pool) and maturity (the runner's, the
 * whole principal once every day is paid). Each records its intent first (`active` →
 * `redeeming`/`maturing`, a conditional update, so only one of them wins), then the
 * engine closes the position once; the leader finishes a close whose process died
 * before the engine answered (`intents`).
 */
export function createClosings(deps: {
  db: EarnDb;
  engine: Pick<EngineFront, 'submit'>;
  clock: Clock;
  decimalsOf: (coin: string) => number;
  claim: () => Claim;
}) {
  const { db, engine, clock, decimalsOf, claim } = deps;

  const find = (id: string) =>
    db.selectFrom('earn_positions').selectAll().where('id', '=', id).executeTakeFirst();

  /**
   * Sends the close of a position whose intent is recorded: true once it is closed, or
   * the engine's reason for not closing it now.
   */
  async function close(row: EarnPositionsTable): Promise<true | RejectReason | RequestRejection> {
    const early = row.state === 'redeeming';
    const penalty = units(row.penalty_units);
    const ack = await engine.submit({
      type: 'earn',
      op: 'close',
      position: row.id,
      penalty: early ? penalty : 0n,
      early,
    });
    const event = ack.events[0];
    if (event?.type === 'rejected' && event.reason !== 'duplicate_reference') {
      // Not closable now (the last day was paid meanwhile, or one is still unpaid):
      // back to active, where the runner matures it when its days are paid.
      await db
        .updateTable('earn_positions')
        .set({ state: 'active', penalty_units: '0' })
        .where('id', '=', row.id)
        .where('state', '=', row.state)
        .execute();
      return event.reason;
    }
    const principal = units(row.principal_units);
    await db
      .updateTable('earn_positions')
      .set({
        state: early ? 'redeemed' : 'completed',
        returned_units: (early ? principal - penalty : principal).toString(),
        closed_at: event?.type === 'earn_closed' ? ack.ts : clock.now().getTime(),
      })
      .where('id', '=', row.id)
      .where('state', '=', row.state)
      .execute();
    return true;
  }

  return {
    close,

    /** The user's early redemption of their own order; another user's is not found. */
    async redeem(user: string, id: string): Promise<EarnOrder> {
      const row = await find(id);
      if (!row || row.user_id !== user || row.state === 'refused') {
        throw new AppError('notFound', 'earnOrderNotFound', {}, 'id');
      }
      if (row.state === 'redeemed' || row.state === 'redeeming') {
        if (row.state === 'redeeming') await close(row);
        return orderView((await find(id))!, decimalsOf(row.coin));
      }
      if (row.state !== 'active') {
        throw new AppError('conflict', 'earnOrderNotInProgress', {}, 'id');
      }
      const penalty = penaltyAmount(units(row.principal_units), rateToPpm(row.penalty_rate));
      const intent = await db
        .updateTable('earn_positions')
        .set({ state: 'redeeming', penalty_units: penalty.toString(), ...claim() })
        .where('id', '=', id)
        .where('state', '=', 'active')
        .executeTakeFirst();
      if (intent.numUpdatedRows !== 1n) {
        throw new AppError('conflict', 'earnOrderNotInProgress', {}, 'id');
      }
      const closed = await close({ ...row, state: 'redeeming', penalty_units: penalty.toString() });
      if (closed === 'savings_lent') throw new AppError('conflict', 'earnSavingsLent', {}, 'id');
      if (closed !== true) throw new AppError('conflict', 'earnOrderNotInProgress', {}, 'id');
      return orderView((await find(id))!, decimalsOf(row.coin));
    },

    /** Maturity of a fully paid order: intent, then the engine's close. */
    async mature(row: EarnPositionsTable): Promise<boolean> {
      const intent = await db
        .updateTable('earn_positions')
        .set({ state: 'maturing', ...claim() })
        .where('id', '=', row.id)
        .where('state', '=', 'active')
        .executeTakeFirst();
      if (intent.numUpdatedRows !== 1n) return false;
      // Refused while its principal is lent out: it stays active and the next run retries.
      return (await close({ ...row, state: 'maturing' })) === true;
    },

    /** Closes recorded and not yet answered by the engine. */
    intents: {
      pending: () =>
        db
          .selectFrom('earn_positions')
          .selectAll()
          .where('state', 'in', ['maturing', 'redeeming'])
          .orderBy('created_at')
          .execute(),
      finish: close,
    } satisfies IntentRows<EarnPositionsTable>,
  };
}

export type Closings = ReturnType<typeof createClosings>;
