import type { EarnProduct, OpsEarnProduct } from '@meridian/contract';
import {
  dailyIncome,
  earnFundingPool,
  earnPrincipalPool,
  isTimeZone,
  poolAccount,
  rateToPpm,
  systemAccount,
} from '@meridian/core';
import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { earnProductInput } from '@meridian/contract';
import type { EngineFront } from '../../engine/engine-front.ts';
import { AppError } from '../../kernel/errors.ts';
import { amountOf, text, units } from './amounts.ts';
import type { EarnDb, EarnProductsTable, EarnTables } from './tables.ts';

export type ProductInput = z.output<typeof earnProductInput>;
type Engine = Pick<EngineFront, 'asset' | 'accountBalance' | 'adjust'>;

/** Promised income still unpaid and principal held, per product, from the open orders. */
async function openTotals(db: EarnDb, productId?: string) {
  let q = db
    .selectFrom('earn_positions')
    .select([
      'product_id',
      sql<string | null>`cast(sum(daily_units * (cycle_days - paid_days)) as text)`.as('owed'),
      (eb) => eb.fn.countAll<string | number>().as('orders'),
      (eb) => eb.fn.count<string | number>('user_id').distinct().as('holders'),
    ])
    .where('state', 'in', ['opening', 'active', 'maturing', 'redeeming'])
    .groupBy('product_id');
  if (productId) q = q.where('product_id', '=', productId);
  const rows = await q.execute();
  return new Map(
    rows.map((r) => [
      r.product_id,
      { owed: units(r.owed), orders: Number(r.orders), holders: Number(r.holders) },
    ]),
  );
}

/** Earn products: published terms, their funding, the operators' changes. */
export function createProducts(deps: { db: EarnDb; engine: Engine }) {
  const { db, engine } = deps;

  const decimalsOf = (coin: string) => {
    const asset = engine.asset(coin);
    if (!asset) throw new Error(`earn product names unknown coin ${coin}`);
    return asset.decimals;
  };
  const funding = (row: EarnProductsTable) =>
    engine.accountBalance(poolAccount(earnFundingPool(row.id), row.coin));

  function view(row: EarnProductsTable, owed: bigint): EarnProduct {
    const d = decimalsOf(row.coin);
    const min = units(row.min_units);
    const capacity = units(row.capacity_units);
    const subscribed = units(row.subscribed_units);
    const remaining = capacity > subscribed ? capacity - subscribed : 0n;
    const ppm = rateToPpm(row.daily_rate);
    const minDaily = dailyIncome(min, ppm);
    const progress = capacity > 0n ? (subscribed * 10_000n) / capacity : 0n;
    return {
      id: row.id,
      kind: row.kind,
      section: row.section,
      coin: row.coin,
      minAmount: text(min, d),
      maxAmount: text(units(row.max_units), d),
      dailyRate: row.daily_rate,
      cycleDays: row.cycle_days,
      cycleRate: text(ppm * BigInt(row.cycle_days), 6),
      minDailyIncome: text(minDaily, d),
      perUserLimit: row.per_user_limit,
      capacity: text(capacity, d),
      subscribed: text(subscribed, d),
      remaining: text(remaining, d),
      progress: text(progress > 10_000n ? 10_000n : progress, 2),
      penaltyRate: row.penalty_rate,
      timeZone: row.time_zone,
      vipOnly: row.vip_only === 1,
      state: row.state,
      open:
        row.state === 'active' &&
        remaining >= min &&
        funding(row) - owed >= minDaily * BigInt(row.cycle_days),
    };
  }

  async function opsView(row: EarnProductsTable): Promise<OpsEarnProduct> {
    const totals = (await openTotals(db, row.id)).get(row.id);
    const owed = totals?.owed ?? 0n;
    const d = decimalsOf(row.coin);
    return {
      ...view(row, owed),
      funding: text(funding(row), d),
      owed: text(owed, d),
      principalHeld: text(
        engine.accountBalance(poolAccount(earnPrincipalPool(row.id), row.coin)),
        d,
      ),
      openOrders: totals?.orders ?? 0,
      holders: totals?.holders ?? 0,
      updatedAt: Number(row.updated_at),
    };
  }

  const find = (id: string) =>
    db.selectFrom('earn_products').selectAll().where('id', '=', id).executeTakeFirst();

  async function mustFind(id: string) {
    const row = await find(id);
    if (!row) throw new AppError('notFound', 'earnProductUnknown', {}, 'id');
    return row;
  }

  /** The row a change writes, checked: coin known, bounds ordered, timezone real, tab fits. */
  function rowOf(input: ProductInput, before: EarnProductsTable | undefined, now: number) {
    if (before && (before.coin !== input.coin || before.kind !== input.kind)) {
      throw new AppError('validation', 'earnChangeLocked', {}, 'coin');
    }
    const asset = engine.asset(input.coin);
    if (!asset) throw new AppError('validation', 'unknownCoin', {}, 'coin');
    const min = amountOf(input.minAmount, asset.decimals, 'minAmount');
    const max = amountOf(input.maxAmount, asset.decimals, 'maxAmount');
    const capacity = amountOf(input.capacity, asset.decimals, 'capacity');
    if (min > max || max > capacity) {
      throw new AppError('validation', 'earnBoundsInvalid', {}, 'minAmount');
    }
    if ((input.kind === 'finance') !== (input.section !== null)) {
      throw new AppError('validation', 'earnSectionInvalid', {}, 'section');
    }
    if (!isTimeZone(input.timeZone)) {
      throw new AppError('validation', 'earnTimeZoneUnknown', {}, 'timeZone');
    }
    return {
      id:
        before?.id ?? `${input.kind}-${input.coin.toLowerCase()}-${randomBytes(4).toString('hex')}`,
      kind: input.kind,
      section: input.section,
      coin: input.coin,
      min_units: min.toString(),
      max_units: max.toString(),
      daily_rate: input.dailyRate,
      cycle_days: input.cycleDays,
      per_user_limit: input.perUserLimit,
      capacity_units: capacity.toString(),
      penalty_rate: input.penaltyRate,
      time_zone: input.timeZone,
      // The membership zone is the VIP users' tab (seed section 2).
      vip_only: input.section === 'vip' ? 1 : 0,
      updated_at: now,
    };
  }

  return {
    find,
    mustFind,
    decimalsOf,
    view,
    opsView,

    /** Active products of a kind (and tab), with whether each takes its minimum now. */
    async list(kind: 'pledge' | 'finance', section?: string): Promise<EarnProduct[]> {
      let q = db
        .selectFrom('earn_products')
        .selectAll()
        .where('kind', '=', kind)
        .where('state', '=', 'active');
      if (section) q = q.where('section', '=', section as 'vip');
      const [rows, totals] = await Promise.all([
        q.orderBy('cycle_days').orderBy('id').execute(),
        openTotals(db),
      ]);
      return rows.map((r) => view(r, totals.get(r.id)?.owed ?? 0n));
    },

    async detail(id: string): Promise<EarnProduct> {
      const row = await mustFind(id);
      const totals = await openTotals(db, id);
      return view(row, totals.get(id)?.owed ?? 0n);
    },

    async all(): Promise<OpsEarnProduct[]> {
      const rows = await db
        .selectFrom('earn_products')
        .selectAll()
        .orderBy('kind')
        .orderBy('id')
        .execute();
      return Promise.all(rows.map(opsView));
    },

    /** Creates or changes a product, audited in the same transaction. */
    async save(
      input: ProductInput,
      now: number,
      audit: (
        trx: Transaction<EarnTables>,
        before: EarnProductsTable | undefined,
        after: EarnProductsTable,
      ) => Promise<void>,
    ): Promise<OpsEarnProduct> {
      const saved = await db.transaction().execute(async (trx) => {
        const before = input.id
          ? await trx
              .selectFrom('earn_products')
              .selectAll()
              .where('id', '=', input.id)
              .executeTakeFirst()
          : undefined;
        if (input.id && !before) throw new AppError('notFound', 'earnProductUnknown', {}, 'id');
        const row = rowOf(input, before, now);
        if (before) {
          await trx.updateTable('earn_products').set(row).where('id', '=', before.id).execute();
        } else {
          await trx
            .insertInto('earn_products')
            .values({ ...row, subscribed_units: '0', state: 'active', created_at: now })
            .execute();
        }
        const after = (await trx
          .selectFrom('earn_products')
          .selectAll()
          .where('id', '=', row.id)
          .executeTakeFirst())!;
        await audit(trx, before, after);
        return after;
      });
      return opsView(saved);
    },

    async setState(
      id: string,
      state: 'active' | 'paused',
      now: number,
      audit: (trx: Transaction<EarnTables>, before: EarnProductsTable) => Promise<void>,
    ): Promise<OpsEarnProduct> {
      const row = await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('earn_products')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst();
        if (!before) throw new AppError('notFound', 'earnProductUnknown', {}, 'id');
        await trx
          .updateTable('earn_products')
          .set({ state, updated_at: now })
          .where('id', '=', id)
          .execute();
        await audit(trx, before);
        return { ...before, state, updated_at: now };
      });
      return opsView(row);
    },

    /** Operator capital into the product's funding pool, once per reference (the engine's). */
    async fund(row: EarnProductsTable, amount: string, reference: string): Promise<void> {
      const d = decimalsOf(row.coin);
      amountOf(amount, d);
      const ack = await engine.adjust(
        systemAccount('operator_capital', row.coin),
        poolAccount(earnFundingPool(row.id), row.coin),
        row.coin,
        amount,
        `earn-fund:${row.id}:${reference}`,
      );
      const event = ack.events[0];
      if (event?.type === 'adjusted') return;
      const reason = event?.type === 'rejected' ? event.reason : 'invalid_amount';
      if (reason === 'duplicate_reference') {
        throw new AppError('conflict', 'conflict', {}, 'reference');
      }
      throw new AppError('validation', 'invalidNumber', { field: 'amount' }, 'amount');
    },
  };
}

export type Products = ReturnType<typeof createProducts>;
