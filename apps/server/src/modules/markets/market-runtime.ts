import { parseUnits } from '@meridian/core';
import type { MarketsDb } from './tables.ts';
import type { EngineFront } from '../../engine/engine-front.ts';
import type { MarketConfig } from '../../kernel/config.ts';
import type { Catalogue, ListedMarket } from './catalogue.ts';
import { createCandleStore } from './candles.ts';
import { createFavourites, type Favourites } from './favourites.ts';
import { simulateHistory } from './history.ts';
import { createCcxtIndexSource, openCcxtExchange, type TickerExchange } from './index-feed/ccxt.ts';
import { createSimulatedIndexSource } from './index-feed/simulated.ts';
import { replicaIndexSource } from './index-feed/replica.ts';
import type { IndexSource, IndexTick } from './index-feed/source.ts';
import { createTickStore, type TickStore } from './index-feed/tick-store.ts';
import { MarketDataService } from './market-data.ts';
import { retireLegacyBots } from './legacy-bots.ts';
import type { MakerClients } from './maker-clients.ts';
import { MarketMakers } from './market-makers.ts';
import { SimulatedFlow } from './simulated-flow.ts';

export interface MarketRuntimeOptions {
  db: MarketsDb;
  engine: EngineFront;
  deploymentId: string;
  config: MarketConfig;
  /** What is listed: the runtime starts on its markets and follows every one listed later. */
  catalogue: Catalogue;
  /** The makers' SDK clients (they trade through the platform's own HTTP API). */
  makerClients: Pick<MakerClients, 'connect'>;
  now?: () => number;
  /** A recorded exchange instead of the network (tests). */
  exchange?: TickerExchange;
  /**
   * False in an API process (ROLE=api): the index is read from the engine replica, and
   * nothing is written or traded (no history, ticks, candles, makers or flow): the
   * leading process does all of that.
   */
  leads?: boolean;
  onError?: (error: unknown, what: string) => void;
}

export interface MarketHealth {
  status: 'up' | 'down';
  detail: string;
}

export interface MarketRuntime {
  data: MarketDataService;
  favourites: Favourites;
  ticks: TickStore;
  source: IndexSource;
  makers: MarketMakers | null;
  flow: SimulatedFlow | null;
  health(): MarketHealth;
  close(): Promise<void>;
}

/**
 * Market makers' shape: 10 levels a side, 0.06% between best bid and ask, 0.04% apart,
 * requoted once the index has moved 0.05%, so the index stays inside the quoted spread.
 */
export const QUOTES = {
  levels: 10,
  spreadBps: 6,
  stepBps: 4,
  levelNotional: parseUnits('2000', 6),
};
const REQUOTE_BPS = 5;
/**
 * Simulated flow: about one order every fifty ticks per market, 10 to 400 USDT each.
 * Every trade stays in the ledger for good (fills, postings, the orders it touched), so
 * the rate sets how fast a demo left running grows: at this one a month stays under
 * 1 GB (issue 27, README "Bounded growth"; it was 0.3, about 1.3 GB a day).
 */
const FLOW_CHANCE = 0.02;
const FLOW_MAX_NOTIONAL = parseUnits('400', 6);
const HOUR = 3_600_000;

/**
 * Starts the market: the index feed, market data (candles, statistics, trades, depth),
 * the market makers and, with the simulated index only, the simulated flow and the
 * first-start history. Everything trades through `engine`.
 */
export async function startMarket(options: MarketRuntimeOptions): Promise<MarketRuntime> {
  const now = options.now ?? Date.now;
  const markets: ListedMarket[] = [...options.catalogue.markets()];
  const { db, engine, config } = options;
  const report = (what: string) => (error: unknown) => options.onError?.(error, what);
  const candles = createCandleStore(db);
  const ticks = createTickStore(db, config.indexRetentionHours * HOUR);
  const simulated = config.indexSource === 'simulated';
  const leads = options.leads !== false;

  const resumeFrom = await ticks.latest();
  const history =
    leads && simulated && config.historyDays > 0 && (await candles.isEmpty())
      ? simulateHistory({
          markets,
          deploymentId: options.deploymentId,
          now: now(),
          days: config.historyDays,
          // What the simulated flow trades in an average minute.
          minuteAmount:
            (FLOW_MAX_NOTIONAL / 2n) * BigInt(Math.round((FLOW_CHANCE * 60_000) / config.tickMs)),
        })
      : undefined;
  // The live index continues the history's path, unless ticks were already stored.
  for (const [symbol, price] of history?.finals ?? []) {
    if (!resumeFrom.has(symbol)) resumeFrom.set(symbol, price);
  }

  const source = !leads
    ? replicaIndexSource({
        engine,
        markets,
        name: config.indexSource,
        simulated,
        pollMs: Math.min(config.tickMs, 250),
      })
    : simulated
      ? createSimulatedIndexSource({
          markets,
          deploymentId: options.deploymentId,
          tickMs: config.tickMs,
          resumeFrom,
          now,
        })
      : createCcxtIndexSource({
          exchangeId: config.indexSource.slice('ccxt:'.length),
          exchange: options.exchange ?? (await openCcxtExchange(config.indexSource.slice(5))),
          markets,
          pollMs: config.tickMs,
          now,
          onError: report('index poll failed'),
        });

  const data = await MarketDataService.open({
    db,
    engine,
    markets,
    candles,
    now,
    persists: leads,
    onError: report('market data'),
  });
  // Written by the service's next flush, in the background: the start does not wait.
  if (history) data.adopt(history.candles);

  // Whether or not makers run now, money of the bots' old user accounts leaves user liabilities.
  if (leads) await retireLegacyBots(engine, markets);
  const makers =
    leads && config.marketMakers
      ? new MarketMakers({
          db,
          engine,
          clients: options.makerClients,
          markets,
          quotes: QUOTES,
          requoteBps: REQUOTE_BPS,
          now,
          onError: report('market maker'),
        })
      : null;
  await makers?.fund();
  // The simulated flow exists only in the simulated market (see simulated-flow.ts).
  const flow =
    simulated && makers
      ? new SimulatedFlow({
          db,
          engine,
          markets,
          deploymentId: options.deploymentId,
          chance: FLOW_CHANCE,
          maxNotional: FLOW_MAX_NOTIONAL,
          now,
          onError: report('simulated flow'),
        })
      : null;
  await flow?.fund();

  // A market an operator lists: an index from its reference price, market data, a
  // funded maker and the simulated flow, all before the listing call answers.
  const unlisten = options.catalogue.onListed(async (market) => {
    try {
      source.add(market);
      await data.add(market);
      await makers?.add(market);
      await flow?.add(market);
    } catch (error) {
      // The market is listed and trades whatever happens here: the fault is the bots'.
      report(`starting market ${market.symbol}`)(error);
    }
  });

  let lastTickAt = 0;
  let saving: Promise<void> = Promise.resolve();
  source.start((batch: IndexTick[]) => {
    lastTickAt = now();
    data.onIndex(batch);
    if (!leads) return;
    // Journalled first, so whatever reacts to the index replays exactly from the journal.
    engine
      .index(batch.map((tick): [string, bigint] => [tick.symbol, tick.price]))
      .catch(report('index journal'));
    makers?.onIndex(batch);
    flow?.onIndex(batch);
    saving = saving.then(() => ticks.save(batch, source.name)).catch(report('index tick store'));
  });

  const prune = () => {
    saving = saving.then(() => ticks.prune(now())).catch(report('index tick retention'));
  };
  if (leads) prune();
  const pruner = leads ? setInterval(prune, HOUR) : undefined;
  pruner?.unref();

  return {
    data,
    favourites: createFavourites(db, now),
    ticks,
    source,
    makers,
    flow,
    health() {
      // Up while ticks keep coming: a few missed intervals (a slow exchange) are tolerated.
      const fresh = lastTickAt > 0 && now() - lastTickAt <= Math.max(5_000, config.tickMs * 5);
      return { status: fresh ? 'up' : 'down', detail: source.name };
    },
    async close() {
      unlisten();
      source.stop();
      makers?.stop();
      flow?.stop();
      clearInterval(pruner);
      await saving;
      await data.close();
    },
  };
}
