import type { EarnOrder, EarnQuote } from '@meridian/contract';
import { dueAt, earnFundingPool, earnTerms, rateToPpm, schedule } from '@meridian/core';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Ack, EngineFront } from '../../engine/engine-front.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Claim, IntentRows } from '../../kernel/cluster/intents.ts';
import { AppError } from '../../kernel/errors.ts';
import { amountOf, text, units } from './amounts.ts';
import { orderView } from './orders.ts';
import type { Products } from './products.ts';
import type { EarnDb, EarnPositionsTable, EarnProductsTable } from './tables.ts';

type Engine = Pick<EngineFront, 'submit' | 'balance' | 'walletBalances'>;

/**
 * Subscriptions. The limits money depends on are atomic in the database: the product's
 * capacity by a conditional update (`subscribed + amount <= capacity`, and the terms the
 * user saw unchanged), the user's purchasable count by a conditional increment of their
 * counter, the order row in the same transaction. Then the engine moves the principal and
 * checks the funding covers the whole cycle's income; a refusal gives the counters back.
 * An opening whose process died before the engine answered is finished by the leader
 * (`intents`).
 */
export function createSubscriptions(deps: {
  db: EarnDb;
  engine: Engine;
  clock: Clock;
  products: Products;
  isVip: (user: string) => Promise<boolean>;
  claim: () => Claim;
}) {
  const { db, engine, clock, products, isVip, claim } = deps;

  async function checked(user: string, productId: string, amount: string) {
    const product = await products.mustFind(productId);
    if (product.state !== 'active') {
      throw new AppError('validation', 'earnProductPaused', {}, 'productId');
    }
    if (product.vip_only === 1 && !(await isVip(user))) {
      throw new AppError('forbidden', 'earnVipOnly', {}, 'productId');
    }
    const d = products.decimalsOf(product.coin);
    const principal = amountOf(amount, d);
    if (principal < units(product.min_units)) {
      throw new AppError(
        'validation',
        'earnAmountBelowMin',
        { min: text(units(product.min_units), d), coin: product.coin },
        'amount',
      );
    }
    if (principal > units(product.max_units)) {
      throw new AppError(
        'validation',
        'earnAmountAboveMax',
        { max: text(units(product.max_units), d), coin: product.coin },
        'amount',
      );
    }
    return { product, principal, d };
  }

  const available = (user: string, coin: string) =>
    engine.walletBalances(user, 'finance').find((b) => b.asset === coin)?.available ?? '0';

  function termsOf(product: EarnProductsTable, principal: bigint, now: number) {
    const terms = earnTerms({
      principal,
      dailyRatePpm: rateToPpm(product.daily_rate),
      cycleDays: product.cycle_days,
      penaltyRatePpm: rateToPpm(product.penalty_rate),
    });
    return { terms, dates: schedule(now, product.cycle_days, product.time_zone) };
  }

  async function move(
    id: string,
    from: EarnPositionsTable['state'],
    set: Partial<EarnPositionsTable>,
  ) {
    const moved = await db
      .updateTable('earn_positions')
      .set(set)
      .where('id', '=', id)
      .where('state', '=', from)
      .executeTakeFirst();
    return moved.numUpdatedRows === 1n;
  }

  /** Gives back the capacity and count a refused opening took, once (state-guarded). */
  async function refuse(row: EarnPositionsTable) {
    await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('earn_positions')
        .set({ state: 'refused', closed_at: clock.now().getTime() })
        .where('id', '=', row.id)
        .where('state', '=', 'opening')
        .executeTakeFirst();
      if (moved.numUpdatedRows !== 1n) return;
      await trx
        .updateTable('earn_products')
        .set({
          subscribed_units: sql`subscribed_units - cast(${units(row.principal_units).toString()} as bigint)`,
        })
        .where('id', '=', row.product_id)
        .execute();
      await trx
        .updateTable('earn_user_counts')
        .set({ count: sql`count - 1` })
        .where('product_id', '=', row.product_id)
        .where('user_id', '=', row.user_id)
        .execute();
    });
  }

  /** Sends a recorded opening to the engine and records what it came to. */
  async function open(row: EarnPositionsTable): Promise<EarnOrder> {
    const ack: Ack = await engine.submit({
      type: 'earn',
      op: 'open',
      position: row.id,
      product: row.product_id,
      user: row.user_id,
      asset: row.coin,
      principal: units(row.principal_units),
      daily: units(row.daily_units),
      days: row.cycle_days,
    });
    const refused = ack.events.find((e) => e.type === 'rejected');
    // Applied before: a restart or a twin sent this opening already.
    if (refused?.type === 'rejected' && refused.reason !== 'duplicate_reference') {
      await refuse(row);
      if (refused.reason === 'insufficient_balance') {
        throw new AppError('validation', 'insufficientBalance', { field: 'amount' }, 'amount');
      }
      if (refused.reason === 'pool_insufficient') {
        throw new AppError('validation', 'earnFundingInsufficient', {}, 'amount');
      }
      throw new AppError('validation', 'invalidNumber', { field: 'amount' }, 'amount');
    }
    await move(row.id, 'opening', { state: 'active' });
    return orderView({ ...row, state: 'active' }, products.decimalsOf(row.coin));
  }

  return {
    /** What subscribing would pay, as it will be paid, before the user commits. */
    async quote(user: string, input: { productId: string; amount: string }): Promise<EarnQuote> {
      const { product, principal, d } = await checked(user, input.productId, input.amount);
      const now = clock.now().getTime();
      const { terms, dates } = termsOf(product, principal, now);
      return {
        productId: product.id,
        coin: product.coin,
        amount: text(principal, d),
        dailyRate: product.daily_rate,
        cycleDays: product.cycle_days,
        dailyIncome: text(terms.daily, d),
        estimatedRevenue: text(terms.total, d),
        startDate: dates.startDate,
        endDate: dates.endDate,
        paymentTime: dueAt(dates.subscribed, product.cycle_days, product.time_zone),
        timeZone: product.time_zone,
        penaltyRate: product.penalty_rate,
        penalty: text(terms.penalty, d),
        available: available(user, product.coin),
      };
    },

    async subscribe(
      user: string,
      input: { productId: string; amount: string },
    ): Promise<EarnOrder> {
      const { product, principal } = await checked(user, input.productId, input.amount);
      const now = clock.now().getTime();
      const { terms, dates } = termsOf(product, principal, now);
      const row: EarnPositionsTable = {
        id: `${now.toString(36)}${randomBytes(6).toString('hex')}`,
        user_id: user,
        product_id: product.id,
        kind: product.kind,
        section: product.section,
        coin: product.coin,
        principal_units: principal.toString(),
        daily_rate: product.daily_rate,
        daily_units: terms.daily.toString(),
        cycle_days: product.cycle_days,
        penalty_rate: product.penalty_rate,
        time_zone: product.time_zone,
        subscribed_date: dates.subscribed,
        start_date: dates.startDate,
        end_date: dates.endDate,
        paid_days: 0,
        next_due_at: dueAt(dates.subscribed, 1, product.time_zone),
        state: 'opening',
        penalty_units: '0',
        returned_units: '0',
        created_at: now,
        closed_at: null,
        ...claim(),
      };
      await db.transaction().execute(async (trx) => {
        const amount = sql`cast(${principal.toString()} as bigint)`;
        const taken = await trx
          .updateTable('earn_products')
          .set({ subscribed_units: sql`subscribed_units + ${amount}` })
          .where('id', '=', product.id)
          .where('state', '=', 'active')
          // The terms shown are the terms taken: an operator's change meanwhile refuses.
          .where('updated_at', '=', product.updated_at)
          .where(sql<boolean>`subscribed_units + ${amount} <= capacity_units`)
          .executeTakeFirst();
        if (taken.numUpdatedRows !== 1n) {
          const now2 = await trx
            .selectFrom('earn_products')
            .selectAll()
            .where('id', '=', product.id)
            .executeTakeFirstOrThrow();
          if (now2.state !== 'active') {
            throw new AppError('validation', 'earnProductPaused', {}, 'productId');
          }
          if (now2.updated_at !== product.updated_at) throw new AppError('conflict', 'conflict');
          const d = products.decimalsOf(product.coin);
          const left = units(now2.capacity_units) - units(now2.subscribed_units);
          throw new AppError(
            'validation',
            'earnCapacityReached',
            { remaining: text(left > 0n ? left : 0n, d), coin: product.coin },
            'amount',
          );
        }
        await trx
          .insertInto('earn_user_counts')
          .values({ product_id: product.id, user_id: user, count: 0 })
          .onConflict((oc) => oc.columns(['product_id', 'user_id']).doNothing())
          .execute();
        const counted = await trx
          .updateTable('earn_user_counts')
          .set({ count: sql`count + 1` })
          .where('product_id', '=', product.id)
          .where('user_id', '=', user)
          .where('count', '<', product.per_user_limit)
          .executeTakeFirst();
        if (counted.numUpdatedRows !== 1n) {
          throw new AppError(
            'validation',
            'earnPerUserLimit',
            { limit: product.per_user_limit },
            'productId',
          );
        }
        await trx.insertInto('earn_positions').values(row).execute();
      });
      return open(row);
    },

    /** Openings recorded and not yet answered by the engine. */
    intents: {
      pending: () =>
        db
          .selectFrom('earn_positions')
          .selectAll()
          .where('state', '=', 'opening')
          .orderBy('created_at')
          .execute(),
      finish: open,
    } satisfies IntentRows<EarnPositionsTable>,

    /** The product's funding pool name (its accounts), for the console. */
    fundingPool: earnFundingPool,
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
