import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../kernel/module.ts';
import { createAccrual } from './accrual.ts';
import { registerEarnCalls } from './calls.ts';
import { seedDemoProducts } from './demo.ts';
import * as m0090 from './migrations/0090_earn_products.ts';
import * as m0091 from './migrations/0091_earn_positions.ts';
import * as m0092 from './migrations/0092_earn_positions_by_state.ts';
import * as m0155 from './migrations/0155_earn_positions_claim.ts';
import { registerEarnOpsCalls } from './ops-calls.ts';
import { createOrders } from './orders.ts';
import { createProducts } from './products.ts';
import { createClosings } from './redeem.ts';
import { cronScheduler, pgBossScheduler, type Scheduler } from './scheduler.ts';
import type { EarnService } from './service.ts';
import { createSubscriptions } from './subscribe.ts';
import type { EarnDb, EarnTables } from './tables.ts';

const byApp = new WeakMap<FastifyInstance, EarnService>();

/** The earn service of a running platform (tests and tools drive the accrual through it). */
export function earnOf(app: FastifyInstance): EarnService {
  const service = byApp.get(app);
  if (!service) throw new Error('the earn module is not started on this platform');
  return service;
}

/**
 * Earn, part 1 (issue 22): staking and finance products, subscriptions and early
 * redemption as engine commands (tag N), the daily accrual paid once per (order, day)
 * by a scheduler (croner embedded, pg-boss on PostgreSQL) that catches up after
 * downtime, maturity, the users' income, and the operators' products and funding.
 */
export const earnModule = defineModule({
  name: 'earn',
  migrations: {
    '0090_earn_products': m0090,
    '0091_earn_positions': m0091,
    '0092_earn_positions_by_state': m0092,
    '0155_earn_positions_claim': m0155,
  },
  async start(ctx) {
    const { app, config, engine, clock } = ctx;
    const db: EarnDb = ctx.db.withTables<EarnTables>();
    const identity = ctx.use('identity');
    const products = createProducts({ db, engine });
    const decimalsOf = products.decimalsOf;
    const claim = ctx.intents.claim;
    const closings = createClosings({ db, engine, clock, decimalsOf, claim });
    const subscriptions = createSubscriptions({
      db,
      engine,
      clock,
      products,
      isVip: async (user) => (await identity.operatorViews.detail(user)).user.vip === 1,
      claim,
    });
    const orders = createOrders({ db, decimalsOf });
    const onError = (error: unknown) => app.log.error({ err: error }, 'earn accrual');
    const accrual = createAccrual({
      db,
      engine,
      clock,
      closings,
      onError,
    });
    let scheduler: Scheduler | null = null;
    if (ctx.engine.leads) {
      if (config.demoMode) await seedDemoProducts(db, engine, clock.now().getTime());
      // What stopped processes left half done, then the days missed while it was down.
      await ctx.intents.resume('earn openings', subscriptions.intents);
      await ctx.intents.resume('earn closes', closings.intents);
      await accrual.run();
      const run = () => accrual.run();
      const running =
        ctx.database.driver === 'postgres'
          ? await pgBossScheduler(ctx.database.db as never, run, onError)
          : cronScheduler(run, onError);
      ctx.onClose(() => running.stop());
      scheduler = running;
    }

    const service = { accrual, scheduler };
    ctx.provide('earn', service);
    byApp.set(app, service);
    registerEarnCalls(app, config.head, {
      products,
      subscriptions,
      closings,
      orders,
      idempotency: ctx.idempotency,
      clock,
    });
    registerEarnOpsCalls(app, config.head, { db, products, audit: ctx.audit, clock });
  },
});
