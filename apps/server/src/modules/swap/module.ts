import { defineModule } from '../../kernel/module.ts';
import { registerSwapCalls } from './calls.ts';
import { createExchange } from './exchange.ts';
import { createIndexPrices } from './index-prices.ts';
import * as m0040 from './migrations/0040_swap.ts';
import * as m0156 from './migrations/0156_swap_claims.ts';
import { registerSwapOpsCalls } from './ops-calls.ts';
import { createPools } from './pools.ts';
import { createQuotes } from './quotes.ts';
import type { SwapDb, SwapTables } from './tables.ts';
import { createTerms } from './terms.ts';

/**
 * Instant swap (issue 17): quotes at the index with the published spread and fee, swaps
 * settled by the engine against the swap pools exactly as quoted, the users' swap log,
 * and the operators' terms and pool funding.
 */
export const swapModule = defineModule({
  name: 'swap',
  migrations: { '0040_swap': m0040, '0156_swap_claims': m0156 },
  async start(ctx) {
    const { app, clock, config, engine } = ctx;
    const db: SwapDb = ctx.db.withTables<SwapTables>();
    const terms = createTerms(db);
    const prices = createIndexPrices(engine, () => clock.now().getTime());
    const quotes = createQuotes({ db, clock, engine, prices, terms });
    const claim = ctx.intents.claim;
    const exchange = createExchange({ db, clock, engine, claim });
    const pools = createPools({ db, clock, engine, prices, claim });
    registerSwapCalls(app, config.head, {
      terms,
      prices,
      quotes,
      exchange,
      idempotency: ctx.idempotency,
    });
    registerSwapOpsCalls(app, config.head, { db, clock, terms, prices, pools, audit: ctx.audit });
    // Processes that stopped between a decision and its posting: the leader finishes those.
    await ctx.intents.resume('swap pool moves', pools.intents);
    await ctx.intents.resume('swaps', exchange.intents);
    if (ctx.engine.leads && config.demoMode) await pools.fundDemo();
  },
});
