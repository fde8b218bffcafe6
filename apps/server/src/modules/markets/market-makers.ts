import { formatUnits, MARKET_MAKING_OWNER, parseUnits } from '@meridian/core';
import type { MarketsDb } from './tables.ts';
import type { EngineHost } from '../../engine/engine-host.ts';
import type { ListedMarket } from './catalogue.ts';
import { fundOnce } from './funding.ts';
import type { IndexTick } from './index-feed/source.ts';
import { quoteLadder, type QuoteConfig } from './quoting.ts';

export interface MarketMakerOptions {
  db: MarketsDb;
  engine: Pick<EngineHost, 'placeOrder' | 'cancelOrder' | 'adjust' | 'openOrders'>;
  markets: ListedMarket[];
  quotes: QuoteConfig;
  /** Requote when the index has moved this far from the last quoted one, basis points. */
  requoteBps: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** The quote value each market maker is funded with, on each side of its book. */
const FUNDING_QUOTE = '100000000';

/** `mm.btcusdt`: an operator-owned market-making account, of its own ledger class. */
export function makerId(symbol: string): string {
  return `${MARKET_MAKING_OWNER}${symbol}`;
}

interface MakerState {
  market: ListedMarket;
  user: string;
  quotedAt: bigint | undefined;
  /** Base quantity shown per order at the last requote (a fill shrinks what is open). */
  shown: number;
  busy: boolean;
}

/**
 * Market makers: one operator-owned account per spot market, quoting both sides around the
 * index with configured depth and spread, trading through the same engine and ledger as
 * every user. They requote when the index moves or when a level was taken whole.
 */
export class MarketMakers {
  private readonly makers = new Map<string, MakerState>();
  private stopped = false;

  constructor(private readonly options: MarketMakerOptions) {
    for (const market of options.markets) this.track(market);
  }

  /** Funds each maker once from operator capital: quote, and base worth the same. */
  async fund(): Promise<void> {
    for (const maker of this.makers.values()) await this.fundMaker(maker);
  }

  /** A market listed while running gets its maker, funded, quoting from the next tick. */
  async add(market: ListedMarket): Promise<void> {
    if (this.makers.has(market.symbol)) return;
    await this.fundMaker(this.track(market));
  }

  private track(market: ListedMarket): MakerState {
    const maker: MakerState = {
      market,
      user: makerId(market.symbol),
      quotedAt: undefined,
      shown: 0,
      // Until funded: a maker quotes only with the money it was given.
      busy: true,
    };
    this.makers.set(market.symbol, maker);
    return maker;
  }

  private async fundMaker(maker: MakerState): Promise<void> {
    const { market, user } = maker;
    const q = market.spec.quote.decimals;
    const quote = parseUnits(FUNDING_QUOTE, q);
    const reference = parseUnits(market.referencePrice, q);
    const base = (quote * 10n ** BigInt(market.spec.base.decimals)) / reference;
    await fundOnce(
      this.options.db,
      this.options.engine,
      user,
      [
        [market.spec.quote.code, FUNDING_QUOTE],
        [market.spec.base.code, formatUnits(base, market.spec.base.decimals)],
      ],
      this.options.now ?? Date.now,
    );
    maker.busy = false;
  }

  users(): string[] {
    return [...this.makers.values()].map((m) => m.user);
  }

  onIndex(ticks: IndexTick[]): void {
    if (this.stopped) return;
    for (const tick of ticks) {
      const maker = this.makers.get(tick.symbol);
      // A paused market takes no orders: its maker's quotes stay as they are until resumed.
      if (!maker || maker.busy || maker.market.state === 'paused') continue;
      if (this.needsRequote(maker, tick.price)) this.requote(maker, tick.price);
    }
  }

  stop(): void {
    this.stopped = true;
  }

  private needsRequote(maker: MakerState, index: bigint): boolean {
    if (maker.quotedAt === undefined) return true;
    const moved = index > maker.quotedAt ? index - maker.quotedAt : maker.quotedAt - index;
    if (moved * 10_000n >= BigInt(this.options.requoteBps) * maker.quotedAt) return true;
    // A level taken whole leaves fewer orders than were shown. A partly filled level stays
    // as it is (as on any book): requoting the whole ladder after every small trade would
    // multiply the orders the engine and its tables carry about tenfold.
    const open = this.options.engine.openOrders(maker.user, maker.market.symbol);
    return open.length < maker.shown;
  }

  /**
   * Cancels the maker's orders and places the new ladder. The engine applies each command
   * as it is submitted, so the whole requote lands between two other commands; only the
   * acknowledgements are awaited.
   */
  private requote(maker: MakerState, index: bigint): void {
    const { engine } = this.options;
    const symbol = maker.market.symbol;
    const cancels = engine
      .openOrders(maker.user, symbol)
      .map((order) => engine.cancelOrder(maker.user, symbol, order.id));
    const places: Array<ReturnType<typeof engine.placeOrder>> = [];
    const ladder = quoteLadder(maker.market, index, this.options.quotes);
    const q = maker.market.spec.quote.decimals;
    const b = maker.market.spec.base.decimals;
    for (const level of ladder) {
      places.push(
        engine.placeOrder({
          user: maker.user,
          market: symbol,
          side: level.side,
          kind: 'limit',
          // Post-only: a maker only ever adds liquidity, never takes a user's order.
          tif: 'POST_ONLY',
          price: formatUnits(level.price, q),
          quantity: formatUnits(level.quantity, b),
        }),
      );
    }
    maker.quotedAt = index;
    maker.shown = ladder.length;
    maker.busy = true;
    Promise.all([Promise.all(cancels), Promise.all(places)])
      .then(([, acks]) => {
        // Only accepted orders were shown: a refused one (a post-only that would take)
        // or one filled meanwhile then counts as missing, and the next tick requotes.
        maker.shown = acks.filter((ack) => ack.events.some((e) => e.type === 'accepted')).length;
      })
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => {
        maker.busy = false;
      });
  }
}
