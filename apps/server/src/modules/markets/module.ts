import type { EngineTables } from '../../engine/tables.ts';
import { defineModule } from '../../kernel/module.ts';
import { registerMarketCalls } from './calls.ts';
import { coinRates } from './coin-rates.ts';
import { registerCommonCalls } from './common-calls.ts';
import { followCatalogue, openCatalogue } from './listing/open-catalogue.ts';
import { createCatalogueOperations } from './listing/operations.ts';
import { registerCatalogueCalls } from './listing/operator-calls.ts';
import { startMarket } from './market-runtime.ts';
import * as m0004 from './migrations/0004_market_data.ts';
import * as m0020 from './migrations/0020_catalogue.ts';
import * as m0021 from './migrations/0021_seed_catalogue.ts';
import { publishTickers } from './mqtt-tickers.ts';
import { inProcessFetch } from '../../kernel/http/in-process-fetch.ts';
import { contractSource } from './contract-source.ts';
import { makerClients } from './maker-clients.ts';
import { registerMarketSocket } from './socket/market-socket.ts';
import type { MarketsTables } from './tables.ts';

/** How often the fee job looks for scheduled fee changes that are due. */
const FEE_JOB_MS = 1_000;

/** The fee job's audit rows: the platform applies what an operator scheduled. */
const CATALOGUE_ACTOR = {
  operatorId: 'platform',
  email: 'platform',
  role: 'platform',
  ip: 'local',
  userAgent: 'meridian fee job',
};

/**
 * The catalogue (coins and markets as data, listed through the engine), the index feed,
 * the market makers, candles, tickers and quotes: the market socket,
 * `all_symbol_detail` on MQTT, the quote calls of both families and the catalogue's
 * operator calls.
 */
export const marketsModule = defineModule({
  name: 'markets',
  migrations: {
    '0004_market_data': m0004,
    '0020_catalogue': m0020,
    '0021_seed_catalogue': m0021,
  },
  async start(ctx) {
    const { app, config } = ctx;
    const db = ctx.db.withTables<MarketsTables & EngineTables>();
    const { catalogue, reconciled } = await openCatalogue(db, ctx.engine);
    if (reconciled.assets.length + reconciled.markets.length + reconciled.states.length > 0) {
      app.log.info(reconciled, 'catalogue: the engine took what the tables held');
    }
    if (reconciled.unrecorded.length > 0) {
      app.log.warn(reconciled, 'catalogue: the engine trades markets no catalogue row names');
    }
    const operations = createCatalogueOperations({
      db,
      engine: ctx.engine,
      catalogue,
      clock: ctx.clock,
      platformAudit: (executor, entry) => ctx.audit.recordAs(executor, CATALOGUE_ACTOR, entry),
      onError: (error, what) => app.log.error({ err: error }, what),
      // The other processes read the change back once their engine has it.
      onChanged: (seq) =>
        void ctx.cluster
          .publish('catalogue-changed', String(seq))
          .catch((error: unknown) => app.log.warn({ err: error }, 'catalogue change not told')),
    });
    ctx.cluster.subscribe('catalogue-changed', (seq) => {
      followCatalogue(db, ctx.engine, catalogue, Number(seq)).catch((error: unknown) =>
        app.log.error({ err: error }, 'catalogue: following a change'),
      );
    });
    if (ctx.engine.leads) {
      // Due while the platform was down: applied now, once, before anything trades.
      await operations.applyDueFeeChanges();
      let feeRun: Promise<unknown> = Promise.resolve();
      const feeJob = setInterval(() => {
        feeRun = feeRun
          .then(() => operations.applyDueFeeChanges())
          .catch((error: unknown) => app.log.error({ err: error }, 'fee job'));
      }, FEE_JOB_MS);
      feeJob.unref();
      ctx.onClose(async () => {
        clearInterval(feeJob);
        await feeRun;
      });
    }

    const clients = makerClients({
      fetch: inProcessFetch(app),
      head: config.head,
      apiKeys: ctx.apiKeys,
      now: () => ctx.clock.now().getTime(),
    });
    ctx.onClose(() => clients.close());
    const market = await startMarket({
      db,
      catalogue,
      engine: ctx.engine,
      makerClients: clients,
      deploymentId: ctx.facts.deploymentId,
      config: config.market,
      leads: ctx.engine.leads,
      ...ctx.options.market,
      onError: (error, what) => app.log.error({ err: error }, what),
    });
    ctx.onClose(() => market.close());
    // The makers' calls are served once every module's routes are in.
    app.addHook('onReady', async () => market.makers?.start());
    ctx.probe('market', () => market.health());
    await registerMarketSocket(app, { feed: market.data });
    ctx.onClose(publishTickers(ctx.broker, market.data));
    const contracts = contractSource();
    registerCommonCalls(app, config.head, market.data, catalogue, contracts);
    const rates = coinRates(config.coinRates);
    registerMarketCalls(app, config.head, { market, catalogue, rates, contracts });
    registerCatalogueCalls(app, config.head, { operations, audit: ctx.audit });
    ctx.provide('markets', {
      runtime: market,
      feed: market.data,
      catalogue,
      operations,
      coinRates: rates,
      contracts,
    });
  },
});
