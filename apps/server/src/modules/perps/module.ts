import { defineModule } from '../../kernel/module.ts';
import { registerPerpsCalls } from './calls.ts';
import { startFundingJob } from './funding-job.ts';
import { hasInversePerpetual, hasPerpetual, inverseListingOf, perpListingOf } from './listings.ts';
import * as m0110 from './migrations/0110_perps.ts';
import { startPerpsProjection } from './projector.ts';
import { createPerpsService } from './service.ts';
import type { PerpsDb, PerpsTables } from './tables.ts';

/**
 * Perpetual contracts: a USDT-margined perpetual per spot market flagged for USDT contracts
 * (issue 19) and a coin-margined one for BTC and ETH (issue 20), listed in the engine once
 * (journalled); orders, positions, funding and
 * liquidations in the engine; the history tables written from its durable results; both
 * call families; the funding job.
 */
export const perpsModule = defineModule({
  name: 'perps',
  migrations: { '0110_perps': m0110 },
  async start(ctx) {
    const { app, config, engine } = ctx;
    const db: PerpsDb = ctx.db.withTables<PerpsTables>();
    const markets = ctx.use('markets');
    const listings = markets.catalogue
      .markets()
      .flatMap((market) => [
        ...(hasPerpetual(market) ? [perpListingOf(market)] : []),
        ...(hasInversePerpetual(market) ? [inverseListingOf(market)] : []),
      ]);
    for (const spec of ctx.engine.leads ? listings : []) {
      if (engine.perps.markets.has(spec.symbol)) continue;
      const ack = await engine.perp({ op: 'list', spec });
      const refused = ack.events.find((e) => e.type === 'rejected');
      if (refused) app.log.warn({ market: spec.symbol, refused }, 'perpetual not listed');
    }
    const projection = await startPerpsProjection(db, engine, (error) =>
      app.log.error({ err: error }, 'perpetuals projection'),
    );
    const now = () => ctx.clock.now().getTime();
    const perps = createPerpsService({ db, engine, flushed: projection.flushed, now });
    const funding = startFundingJob({
      engine,
      // Funding times are compared with the engine's own stamps.
      now: () => engine.now(),
      onError: (error) => app.log.error({ err: error }, 'perpetual funding'),
      scheduled: ctx.engine.leads,
    });
    ctx.onClose(() => funding.stop());
    ctx.provide('perps', { service: perps, funding, flushed: projection.flushed });
    markets.contracts.install({
      symbols: (type) =>
        new Set(
          [...engine.perps.markets.values()]
            .filter((m) => !type || m.arithmetic.kind === (type === 'U' ? 'linear' : 'inverse'))
            .map((m) => m.spec.symbol),
        ),
      priceInfos: (symbols) => perps.priceInfos(symbols),
    });
    registerPerpsCalls(app, config.head, { perps, idempotency: ctx.idempotency });
  },
});
