import type { EarnOrder } from '@meridian/contract';
import { addDays, dueAt, localDate, penaltyAmount, rateToPpm } from '@meridian/core';
import { sql } from 'kysely';
import { text, units } from './amounts.ts';
import type { EarnDb, EarnPositionsTable } from './tables.ts';

const IN_PROGRESS = ['opening', 'active', 'maturing', 'redeeming'] as const;

const statusOf = (state: EarnPositionsTable['state']): EarnOrder['status'] =>
  state === 'completed' ? 'completed' : state === 'redeemed' ? 'redeemed' : 'inProgress';

/** An order as its owner sees it: the terms it was opened on and what it has paid. */
export function orderView(row: EarnPositionsTable, decimals: number): EarnOrder {
  const principal = units(row.principal_units);
  const daily = units(row.daily_units);
  const status = statusOf(row.state);
  const penalty =
    status === 'inProgress'
      ? penaltyAmount(principal, rateToPpm(row.penalty_rate))
      : units(row.penalty_units);
  return {
    id: row.id,
    productId: row.product_id,
    kind: row.kind,
    section: row.section,
    coin: row.coin,
    amount: text(principal, decimals),
    dailyRate: row.daily_rate,
    cycleDays: row.cycle_days,
    dailyIncome: text(daily, decimals),
    startDate: row.start_date,
    endDate: row.end_date,
    timeZone: row.time_zone,
    estimatedRevenue: text(daily * BigInt(row.cycle_days), decimals),
    paymentTime: dueAt(row.subscribed_date, row.cycle_days, row.time_zone),
    earned: text(daily * BigInt(row.paid_days), decimals),
    paidDays: row.paid_days,
    status,
    penaltyRate: row.penalty_rate,
    penalty: text(penalty, decimals),
    redeemAmount: text(
      status === 'inProgress' ? principal - penalty : units(row.returned_units),
      decimals,
    ),
    createTime: Number(row.created_at),
    closeTime: row.closed_at === null ? null : Number(row.closed_at),
  };
}

/** A user's orders and income. Every query is scoped to the caller's own user id. */
export function createOrders(deps: { db: EarnDb; decimalsOf: (coin: string) => number }) {
  const { db, decimalsOf } = deps;

  return {
    async list(
      user: string,
      kind: 'pledge' | 'finance',
      page: { current: number; size: number; status?: EarnOrder['status'] | undefined },
    ) {
      let mine = db
        .selectFrom('earn_positions')
        .where('user_id', '=', user)
        .where('kind', '=', kind)
        .where('state', '!=', 'refused');
      if (page.status === 'inProgress') mine = mine.where('state', 'in', [...IN_PROGRESS]);
      else if (page.status === 'completed') mine = mine.where('state', '=', 'completed');
      else if (page.status === 'redeemed') mine = mine.where('state', '=', 'redeemed');
      const [rows, count] = await Promise.all([
        mine
          .selectAll()
          // In progress first (soonest maturity), then the closed ones, newest first.
          .orderBy(sql`case when closed_at is null then 0 else 1 end`)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.size)
          .offset((page.current - 1) * page.size)
          .execute(),
        mine.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        records: rows.map((r) => orderView(r, decimalsOf(r.coin))),
        total: Number(count.n),
        current: page.current,
        size: page.size,
      };
    },

    /**
     * My income: in total, and yesterday's (the day that ended at the last local midnight
     * of each product's timezone, paid at that midnight), per coin and per product.
     */
    async income(user: string, now: number) {
      const positions = await db
        .selectFrom('earn_positions')
        .select(['product_id', 'kind', 'section', 'coin', 'cycle_days', 'time_zone', 'state'])
        .select(sql<string>`cast(principal_units as text)`.as('principal'))
        .where('user_id', '=', user)
        .where('state', '!=', 'refused')
        .execute();
      const sums = await db
        .selectFrom('earn_accruals')
        .select(['product_id', 'date'])
        .select(sql<string>`cast(sum(amount_units) as text)`.as('amount'))
        .where('user_id', '=', user)
        .groupBy(['product_id', 'date'])
        .execute();
      type Row = {
        productId: string;
        kind: 'pledge' | 'finance';
        section: EarnOrder['section'];
        coin: string;
        cycleDays: number;
        timeZone: string;
        total: bigint;
        yesterday: bigint;
        inProgress: bigint;
      };
      const products = new Map<string, Row>();
      for (const p of positions) {
        let row = products.get(p.product_id);
        if (!row) {
          row = {
            productId: p.product_id,
            kind: p.kind,
            section: p.section,
            coin: p.coin,
            cycleDays: p.cycle_days,
            timeZone: p.time_zone,
            total: 0n,
            yesterday: 0n,
            inProgress: 0n,
          };
          products.set(p.product_id, row);
        }
        if ((IN_PROGRESS as readonly string[]).includes(p.state))
          row.inProgress += units(p.principal);
      }
      for (const s of sums) {
        const row = products.get(s.product_id);
        if (!row) continue;
        row.total += units(s.amount);
        if (s.date === addDays(localDate(now, row.timeZone), -1)) row.yesterday += units(s.amount);
      }
      const totals = new Map<string, { total: bigint; yesterday: bigint }>();
      for (const row of products.values()) {
        const t = totals.get(row.coin) ?? { total: 0n, yesterday: 0n };
        t.total += row.total;
        t.yesterday += row.yesterday;
        totals.set(row.coin, t);
      }
      return {
        totals: [...totals]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([coin, t]) => ({
            coin,
            total: text(t.total, decimalsOf(coin)),
            yesterday: text(t.yesterday, decimalsOf(coin)),
          })),
        products: [...products.values()].map((r) => ({
          productId: r.productId,
          kind: r.kind,
          section: r.section,
          coin: r.coin,
          cycleDays: r.cycleDays,
          total: text(r.total, decimalsOf(r.coin)),
          yesterday: text(r.yesterday, decimalsOf(r.coin)),
          inProgress: text(r.inProgress, decimalsOf(r.coin)),
        })),
      };
    },
  };
}

export type Orders = ReturnType<typeof createOrders>;
