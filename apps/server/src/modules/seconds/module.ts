import { defineModule } from '../../kernel/module.ts';
import { registerSecondsCalls } from './calls.ts';
import { createOrderList } from './list-orders.ts';
import * as m0060 from './migrations/0060_second_periods.ts';
import * as m0061 from './migrations/0061_second_contracts.ts';
import { registerSecondsOpsCalls } from './ops-calls.ts';
import { createPeriods } from './periods.ts';
import { createPool } from './pool.ts';
import { startSettlements } from './settlements.ts';
import type { SecondsDb, SecondsTables } from './tables.ts';

/**
 * Second contracts (issue 18; PRODUCT.md 2.2): published periods per market, opening as
 * an engine command, settlement on the first index tick at or after expiry (inside the
 * engine's index command, so it replays), the settled orders' table and the user's
 * "settlement" message, the public pool and the operators' periods and funding.
 */
export const secondsModule = defineModule({
  name: 'seconds',
  migrations: { '0060_second_periods': m0060, '0061_second_contracts': m0061 },
  async start(ctx) {
    const { app, config, engine } = ctx;
    const db: SecondsDb = ctx.db.withTables<SecondsTables>();
    const markets = ctx.use('markets');
    const coinOf = (symbol: string) => engine.marketSpec(symbol)?.quote.code;
    const periods = createPeriods(db, coinOf);
    // The pool's coins: the quote coins of the markets on the second-contract list.
    const coins = () => [
      ...new Set(
        markets.catalogue
          .markets()
          .filter((m) => m.lists.second)
          .map((m) => m.spec.quote.code),
      ),
    ];
    const pool = createPool(engine, coins);
    const orders = createOrderList(db, engine);
    if (config.demoMode && ctx.engine.leads) await pool.fundDemo();
    const settlements = await startSettlements({
      db,
      engine,
      decimalsOf: (coin) => engine.asset(coin)?.decimals ?? 0,
      source: () => markets.runtime.source.name,
      publish: (user, event) => {
        ctx.broker.publishUserRefresh(user, event);
        ctx.userSocket.publish(user, event);
      },
      onError: (error) => app.log.error({ err: error }, 'second-contract settlements'),
    });
    ctx.provide('seconds', { settlements });
    registerSecondsCalls(app, config.head, {
      engine,
      periods,
      orders,
      pool,
      ticks: markets.runtime.ticks,
      idempotency: ctx.idempotency,
    });
    registerSecondsOpsCalls(app, config.head, {
      db,
      periods,
      pool,
      audit: ctx.audit,
      clock: ctx.clock,
    });
  },
});
