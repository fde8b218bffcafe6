import { addDays, daysDue, dueAt } from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';
import type { Clock } from '../../kernel/clock.ts';
import { units } from './amounts.ts';
import type { Closings } from './redeem.ts';
import type { EarnDb, EarnPositionsTable } from './tables.ts';

/** Positions per engine command and per database write. */
const BATCH = 1000;

export interface RunReport {
  /** Days paid by this run (not those found already paid). */
  paid: number;
  /** Days the engine had paid before (a restart caught between engine and database). */
  recorded: number;
  /** Days the engine could not pay now (funding emptied below a day's income). */
  skipped: number;
  matured: number;
}

/**
 * The daily accrual. Each run pays every day that has begun, in each order's product
 * timezone, since the order's last paid day: after downtime it catches up day by day.
 * The engine pays a (position, day) only as that position's next day, so a repeat pays
 * nothing; the database records each day under the unique key (position, day) and moves
 * the order's paid-day count forward only (`paid_days < new`). A process killed between
 * the two re-sends the days on its next run, the engine answers "already paid", and the
 * rows are written then. Runs never overlap in one process.
 */
export function createAccrual(deps: {
  db: EarnDb;
  engine: Pick<EngineFront, 'submit'>;
  clock: Clock;
  closings: Closings;
  onError?: (error: unknown) => void;
}) {
  const { db, engine, clock, closings } = deps;
  let running: Promise<RunReport> | undefined;

  async function record(
    rows: Map<string, EarnPositionsTable>,
    days: Array<[position: string, day: number]>,
    paidAt: number,
  ) {
    if (days.length === 0) return;
    const top = new Map<string, number>();
    for (const [id, day] of days) top.set(id, Math.max(top.get(id) ?? 0, day));
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < days.length; i += 500) {
        await trx
          .insertInto('earn_accruals')
          .values(
            days.slice(i, i + 500).map(([id, day]) => {
              const p = rows.get(id)!;
              return {
                position_id: id,
                day,
                // Day k is earned on the subscription date + k − 1, paid as date + k begins.
                date: addDays(p.subscribed_date, day - 1),
                user_id: p.user_id,
                product_id: p.product_id,
                coin: p.coin,
                amount_units: units(p.daily_units).toString(),
                paid_at: paidAt,
              };
            }),
          )
          .onConflict((oc) => oc.columns(['position_id', 'day']).doNothing())
          .execute();
      }
      // Orders that reached the same day with the same next due time move together: one
      // primary-key update per group (a daily run has a group per subscription date and
      // timezone), and the count only moves forward.
      const groups = new Map<string, { paid: number; next: number; ids: string[] }>();
      for (const [id, paid] of top) {
        const p = rows.get(id)!;
        const next = dueAt(p.subscribed_date, Math.min(paid + 1, p.cycle_days), p.time_zone);
        const key = `${paid}:${next}`;
        const group = groups.get(key) ?? { paid, next, ids: [] };
        group.ids.push(id);
        groups.set(key, group);
      }
      for (const { paid, next, ids } of groups.values()) {
        for (let i = 0; i < ids.length; i += 500) {
          await trx
            .updateTable('earn_positions')
            .set({ paid_days: paid, next_due_at: next })
            .where('id', 'in', ids.slice(i, i + 500))
            .where('paid_days', '<', paid)
            .execute();
        }
      }
    });
  }

  async function pass(now: number): Promise<RunReport> {
    const report: RunReport = { paid: 0, recorded: 0, skipped: 0, matured: 0 };
    let cursor = '';
    for (;;) {
      const batch = await db
        .selectFrom('earn_positions')
        .selectAll()
        .where('state', '=', 'active')
        .where('next_due_at', '<=', now)
        .where('id', '>', cursor)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (batch.length === 0) break;
      cursor = batch[batch.length - 1]!.id;
      const rows = new Map(batch.map((r) => [r.id, r]));
      const due: Array<[string, number]> = [];
      for (const p of batch) {
        const upTo = daysDue(p.subscribed_date, p.cycle_days, now, p.time_zone);
        for (let day = p.paid_days + 1; day <= upTo; day++) due.push([p.id, day]);
      }
      const done: Array<[string, number]> = [];
      if (due.length > 0) {
        const ack = await engine.submit({ type: 'earn', op: 'accrue', due });
        const event = ack.events[0];
        if (event?.type === 'earn_accrued') {
          for (const p of event.paid) done.push([p.position, p.day]);
          done.push(...event.already);
          report.paid += event.paid.length;
          report.recorded += event.already.length;
          report.skipped += event.skipped.length;
        }
        await record(rows, done, ack.ts ?? now);
      }
      const reached = new Map<string, number>();
      for (const [id, day] of done) reached.set(id, Math.max(reached.get(id) ?? 0, day));
      for (const p of batch) {
        const paid = Math.max(p.paid_days, reached.get(p.id) ?? 0);
        if (paid >= p.cycle_days && (await closings.mature({ ...p, paid_days: paid }))) {
          report.matured += 1;
        }
      }
      if (batch.length < BATCH) break;
    }
    return report;
  }

  return {
    /** One run at the clock's now (or `at`); a run asked for while one runs waits for it. */
    async run(at?: number): Promise<RunReport> {
      while (running) await running.catch(() => undefined);
      const now = at ?? clock.now().getTime();
      running = pass(now);
      try {
        return await running;
      } finally {
        running = undefined;
      }
    },
  };
}

export type Accrual = ReturnType<typeof createAccrual>;
