import { formatUnits, MARKET_MAKING_OWNER, parseUnits, seededRandom } from '@meridian/core';
import type { MarketsDb } from './tables.ts';
import type { EngineFront } from '../../engine/engine-front.ts';
import type { ListedMarket } from './catalogue.ts';
import { fundOnce } from './funding.ts';
import { deriveSeed } from './index-feed/seed.ts';
import type { IndexTick } from './index-feed/source.ts';

/**
 * SIMULATED MARKET ONLY. This bot stands in for the other traders a real market has: it
 * sends small market orders against the market makers' quotes so that trades happen and
 * make the last price. It is an operator-owned account (`mm.sim-flow`, of the
 * market-making class), funded once from operator capital, trading through the same
 * engine and ledger as everyone. It never runs
 * with an external index (INDEX_SOURCE=ccxt:...): there, only real users' orders trade.
 */
export const SIMULATED_FLOW_USER = `${MARKET_MAKING_OWNER}sim-flow`;

export interface SimulatedFlowOptions {
  db: MarketsDb;
  engine: Pick<EngineFront, 'placeOrder' | 'adjust'>;
  markets: ListedMarket[];
  deploymentId: string;
  /** Chance per market per index tick of one market order. */
  chance: number;
  /** Largest order value, quote minor units (orders are 1..this, at least the minimum). */
  maxNotional: bigint;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** Each side funded with this much quote value per market. */
const FUNDING_QUOTE = '1000000000';

export class SimulatedFlow {
  private readonly random: () => number;
  private readonly bySymbol: Map<string, ListedMarket>;
  private stopped = false;

  constructor(private readonly options: SimulatedFlowOptions) {
    this.random = seededRandom(deriveSeed(options.deploymentId, 'simulated-flow'));
    this.bySymbol = new Map(options.markets.map((m) => [m.symbol, m]));
  }

  async fund(): Promise<void> {
    const amounts: Array<[string, string]> = [];
    const quote = this.options.markets[0]?.spec.quote;
    if (quote) amounts.push([quote.code, FUNDING_QUOTE]);
    for (const market of this.options.markets) amounts.push(this.baseFunding(market));
    await fundOnce(
      this.options.db,
      this.options.engine,
      SIMULATED_FLOW_USER,
      amounts,
      this.options.now ?? Date.now,
    );
  }

  /** A market listed while running: its base (and quote) funded once, then traded. */
  async add(market: ListedMarket): Promise<void> {
    if (this.bySymbol.has(market.symbol)) return;
    await fundOnce(
      this.options.db,
      this.options.engine,
      SIMULATED_FLOW_USER,
      // A quote already funded is refused by reference and stays as it was.
      [[market.spec.quote.code, FUNDING_QUOTE], this.baseFunding(market)],
      this.options.now ?? Date.now,
      market.symbol,
    );
    this.bySymbol.set(market.symbol, market);
  }

  onIndex(ticks: IndexTick[]): void {
    if (this.stopped) return;
    for (const tick of ticks) {
      const market = this.bySymbol.get(tick.symbol);
      if (!market || market.state === 'paused' || this.random() >= this.options.chance) continue;
      const side = this.random() < 0.5 ? 'buy' : 'sell';
      const { lotSize, minNotional, base } = market.spec;
      const perLot = (tick.price * lotSize) / 10n ** BigInt(base.decimals);
      if (perLot <= 0n) continue;
      const span = this.options.maxNotional - minNotional;
      // The draw only picks a size; the size itself is integer lots.
      const notional = minNotional * 2n + (span * BigInt(Math.floor(this.random() * 1000))) / 1000n;
      const lots = notional / perLot + 1n;
      this.options.engine
        .placeOrder({
          user: SIMULATED_FLOW_USER,
          market: market.symbol,
          side,
          kind: 'market',
          quantity: formatUnits(lots * lotSize, base.decimals),
        })
        // A refusal (an empty side for a moment) is normal market life, not an error.
        .catch((error: unknown) => this.options.onError?.(error));
    }
  }

  stop(): void {
    this.stopped = true;
  }

  /** Base worth the funded quote at the market's reference price. */
  private baseFunding(market: ListedMarket): [string, string] {
    const q = market.spec.quote.decimals;
    const base =
      (parseUnits(FUNDING_QUOTE, q) * 10n ** BigInt(market.spec.base.decimals)) /
      parseUnits(market.referencePrice, q);
    return [market.spec.base.code, formatUnits(base, market.spec.base.decimals)];
  }
}
