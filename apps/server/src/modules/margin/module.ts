import { hourlyOfDaily, MARGIN_LENDING, systemAccount } from '@meridian/core';
import { defineModule } from '../../kernel/module.ts';
import { registerMarginCalls } from './calls.ts';
import { startInterestJob, startLiquidationJob } from './jobs.ts';
import * as m0130 from './migrations/0130_margin.ts';
import * as m0131 from './migrations/0131_margin_warnings.ts';
import * as m0150 from './migrations/0150_margin_manage.ts';
import { createMarginOps } from './ops.ts';
import { registerMarginOpsCalls } from './ops-calls.ts';
import { createMarginOrders } from './orders.ts';
import { startMarginProjection } from './projector.ts';
import { createMarginService } from './service.ts';
import type { MarginDb, MarginTables } from './tables.ts';
import { createMarginWarnings } from './warnings.ts';

/** The published daily borrowing rates (rate units of 10⁻⁸): 0.02 % a day for USDT. */
const DAILY_RATES: ReadonlyArray<[coin: string, daily: bigint]> = [
  ['USDT', 20_000n],
  ['BTC', 10_000n],
  ['ETH', 10_000n],
];
/**
 * The share of each earn product's savings a pool may lend once its operator capital is
 * lent out (rate units: a half). Operators retune it at /ops/margin.
 */
const SAVINGS_SHARE = 50_000_000n;
/** The pairs open to isolated margin, and their maximum leverage. */
const PAIRS: ReadonlyArray<[market: string, maxLeverage: number]> = [
  ['btcusdt', 10],
  ['ethusdt', 10],
];
/** What demo mode lends from, once (a fixed reference per coin), from operator capital. */
const DEMO_LENDING: Readonly<Record<string, string>> = {
  USDT: '1000000',
  BTC: '50',
  ETH: '1000',
};

/**
 * Spot margin (issue 21): the lending pools and margin pairs configured in the engine once
 * (journalled), the history table written from its margin events, the calls, the hourly
 * interest job and the liquidation driver.
 */
export const marginModule = defineModule({
  name: 'margin',
  migrations: {
    '0130_margin': m0130,
    '0131_margin_warnings': m0131,
    '0150_margin_manage': m0150,
  },
  async start(ctx) {
    const { app, config, engine } = ctx;
    const db: MarginDb = ctx.db.withTables<MarginTables>();
    const warnIfRefused = (what: string, events: readonly { type: string }[]) => {
      const refused = events.find((e) => e.type === 'rejected');
      if (refused) app.log.warn({ what, refused }, 'margin set-up refused');
    };
    for (const [asset, daily] of ctx.engine.leads ? DAILY_RATES : []) {
      if (engine.marginState.pools.has(asset) || !engine.asset(asset)) continue;
      const ack = await engine.margin({
        op: 'pool',
        asset,
        hourlyRate: hourlyOfDaily(daily),
        savingsShare: SAVINGS_SHARE,
      });
      warnIfRefused(`pool ${asset}`, ack.events);
    }
    for (const [market, maxLeverage] of ctx.engine.leads ? PAIRS : []) {
      if (engine.marginState.pairs.has(market) || !engine.marketSpec(market)) continue;
      const ack = await engine.margin({ op: 'pair', market, maxLeverage });
      warnIfRefused(`pair ${market}`, ack.events);
    }
    if (config.demoMode && ctx.engine.leads) {
      for (const [asset, amount] of Object.entries(DEMO_LENDING)) {
        if (!engine.asset(asset)) continue;
        // A fixed reference: a restart is refused as a repeat and lends nothing twice.
        await engine.adjust(
          systemAccount('operator_capital', asset),
          systemAccount(MARGIN_LENDING, asset),
          asset,
          amount,
          `demo-margin-lending-${asset}`,
        );
      }
    }
    const identity = ctx.use('identity');
    // Each warning once, on the user's socket and by email, from the projection's table.
    const warnings = createMarginWarnings({
      db,
      publish: (userId, event) => {
        ctx.userSocket.publish(userId, event);
        ctx.broker.publishUserRefresh(userId, event);
      },
      delivery: ctx.delivery,
      contactOf: (userId) => identity.contactOf(userId),
      brand: config.brand,
      pairName: (pair) => {
        const spec = engine.marketSpec(pair);
        return spec ? `${spec.base.code}/${spec.quote.code}` : pair.toUpperCase();
      },
      now: () => engine.now(),
      onError: (error) => app.log.error({ err: error }, 'margin warnings'),
    });
    const projection = await startMarginProjection(
      db,
      engine,
      (error) => app.log.error({ err: error }, 'margin projection'),
      () => void warnings.send(),
    );
    // Warnings written before a restart but not yet told (the leader tells them).
    if (ctx.engine.leads) void warnings.send();
    const flushed = async () => {
      await projection.flushed();
      await warnings.settled();
    };
    const service = createMarginService({ db, engine, flushed: projection.flushed });
    // Hours are counted on the engine's own clock, as its command stamps are.
    const interest = startInterestJob({
      engine,
      now: () => engine.now(),
      onError: (error) => app.log.error({ err: error }, 'margin interest'),
      scheduled: ctx.engine.leads,
    });
    const liquidation = startLiquidationJob({
      engine,
      onError: (error) => app.log.error({ err: error }, 'margin liquidation'),
      scheduled: ctx.engine.leads,
    });
    ctx.onClose(async () => {
      await warnings.settled();
      await interest.stop();
      await liquidation.stop();
    });
    ctx.provide('margin', { service, interest, liquidation, flushed });
    registerMarginCalls(app, config.head, {
      margin: service,
      orders: createMarginOrders({ engine, spot: ctx.use('spot') }),
      idempotency: ctx.idempotency,
    });
    registerMarginOpsCalls(app, config.head, {
      db,
      ops: createMarginOps({ engine, funds: service.funds, pairs: service.pairs }),
      audit: ctx.audit,
    });
  },
});
