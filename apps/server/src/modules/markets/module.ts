import type { EngineTables } from '../../engine/tables.ts';
import { defineModule } from '../../kernel/module.ts';
import { registerMarketCalls } from './calls.ts';
import { registerCommonCalls } from './common-calls.ts';
import { startMarket } from './market-runtime.ts';
import * as m0004 from './migrations/0004_market_data.ts';
import { publishTickers } from './mqtt-tickers.ts';
import { registerMarketSocket } from './socket/market-socket.ts';
import type { MarketsTables } from './tables.ts';

/**
 * The index feed, the market makers, candles, tickers and quotes: the market socket,
 * `all_symbol_detail` on MQTT, and the quote calls of both families.
 */
export const marketsModule = defineModule({
  name: 'markets',
  migrations: { '0004_market_data': m0004 },
  async start(ctx) {
    const { app, config } = ctx;
    const market = await startMarket({
      db: ctx.db.withTables<MarketsTables & EngineTables>(),
      engine: ctx.engine,
      deploymentId: ctx.facts.deploymentId,
      config: config.market,
      ...ctx.options.market,
      onError: (error, what) => app.log.error({ err: error }, what),
    });
    ctx.onClose(() => market.close());
    ctx.probe('market', () => market.health());
    await registerMarketSocket(app, { feed: market.data });
    ctx.onClose(publishTickers(ctx.broker, market.data));
    registerCommonCalls(app, config.head, market.data);
    registerMarketCalls(app, config.head, { market, coinRates: config.coinRates });
    ctx.provide('markets', { runtime: market, feed: market.data });
  },
});
