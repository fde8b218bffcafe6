import {
  coinContractMarginMode,
  coinGetContract,
  contractOrderList,
  contractOrderMassQuote,
  currencyOrderList,
  currencyOrderMassQuote,
} from '@meridian/contract';
import { formatUnits, MARKET_MAKING_OWNER, parseUnits } from '@meridian/core';
import type { MeridianClient } from '@meridian/sdk';
import type { MarketsDb } from './tables.ts';
import type { EngineFront } from '../../engine/engine-front.ts';
import type { ListedMarket } from './catalogue.ts';
import { fundOnce } from './funding.ts';
import type { IndexTick } from './index-feed/source.ts';
import type { MakerClients } from './maker-clients.ts';
import { quoteLadder, type QuoteConfig } from './quoting.ts';

export interface MarketMakerOptions {
  db: MarketsDb;
  /** Funding only: operator capital given to each maker once. */
  engine: Pick<EngineFront, 'adjust'>;
  /** How each maker trades: an SDK client signed with its own key. */
  clients: Pick<MakerClients, 'connect'>;
  markets: ListedMarket[];
  quotes: QuoteConfig;
  /** Requote when the index has moved this far from the last quoted one, basis points. */
  requoteBps: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** How often a maker asks whether a level of its ladder was taken whole, milliseconds. */
const CHECK_MS = 1_000;

/** The quote value each market maker is funded with, on each side of its book. */
const FUNDING_QUOTE = '100000000';

/** `mm.btcusdt`: an operator-owned market-making account, of its own ledger class. */
export function makerId(symbol: string): string {
  return `${MARKET_MAKING_OWNER}${symbol}`;
}

interface MakerState {
  market: ListedMarket;
  user: string;
  client: MeridianClient;
  quotedAt: bigint | undefined;
  /** Base quantity shown per order at the last requote (a fill shrinks what is open). */
  shown: number;
  /** Orders shown on the market's perpetuals at the last requote. */
  perpShown: number;
  /** When the maker last counted its open orders. */
  checkedAt: number;
  busy: boolean;
}

/**
 * Market makers: one operator-owned account per spot market, quoting both sides around the
 * index with configured depth and spread. They trade as any bot does, through the SDK and
 * the signed HTTP API (a mass quote replaces the ladder in one engine turn), and requote
 * when the index moves or when a level was taken whole. They quote only once started:
 * the calls they make are served once the app is ready.
 */
export class MarketMakers {
  private readonly makers = new Map<string, MakerState>();
  /** The perpetuals on each spot market's index, read once the makers start. */
  private perps: Map<string, QuotedPerp[]> | undefined;
  private started = false;
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
      client: this.options.clients.connect(makerId(market.symbol)),
      quotedAt: undefined,
      shown: 0,
      perpShown: 0,
      checkedAt: 0,
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

  /**
   * From now on the makers quote (the HTTP calls they make are served). Each also quotes
   * its market's perpetuals (USDT- and coin-margined), in cross margin: the maker's whole
   * account stands behind them.
   */
  start(): void {
    this.started = true;
    void this.loadPerpetuals();
  }

  private async loadPerpetuals(): Promise<void> {
    const any = this.makers.values().next().value;
    if (!any) return;
    try {
      const markets = await any.client.call(coinGetContract);
      const perps = new Map<string, QuotedPerp[]>();
      for (const m of markets) {
        const inverse = m.kind === 'inverse';
        // A coin-margined perpetual follows the USDT market of its coin.
        const maker = this.makers.get(inverse ? `${m.symbol}t` : m.symbol);
        if (!maker) continue;
        const { base, quote } = maker.market.spec;
        const quoted: QuotedPerp = {
          symbol: m.symbol,
          inverse,
          contractSize: parseUnits(m.contractSize, inverse ? quote.decimals : base.decimals),
        };
        perps.set(maker.market.symbol, [...(perps.get(maker.market.symbol) ?? []), quoted]);
        await maker.client
          .call(coinContractMarginMode, { body: { symbol: m.symbol, marginMode: 'cross' } })
          // Already cross, or holding a position from an earlier run: it stays as it is.
          .catch(() => undefined);
      }
      this.perps = perps;
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  onIndex(ticks: IndexTick[]): void {
    if (!this.started || this.stopped) return;
    const now = (this.options.now ?? Date.now)();
    for (const tick of ticks) {
      const maker = this.makers.get(tick.symbol);
      // A paused market takes no orders: its maker's quotes stay as they are until resumed.
      if (!maker || maker.busy || maker.market.state === 'paused') continue;
      // A perpetual not quoted yet (the makers learn of the perpetuals as they start) is
      // quoted on the next tick, with the spot ladder.
      const unquoted = maker.perpShown === 0 && (this.perps?.get(tick.symbol)?.length ?? 0) > 0;
      if (unquoted || this.moved(maker, tick.price)) void this.requote(maker, tick.price);
      else if (now - maker.checkedAt >= CHECK_MS) void this.check(maker, tick.price, now);
    }
  }

  stop(): void {
    this.stopped = true;
  }

  private moved(maker: MakerState, index: bigint): boolean {
    if (maker.quotedAt === undefined) return true;
    const moved = index > maker.quotedAt ? index - maker.quotedAt : maker.quotedAt - index;
    return moved * 10_000n >= BigInt(this.options.requoteBps) * maker.quotedAt;
  }

  /**
   * A level taken whole leaves fewer orders than were shown: requote. A partly filled
   * level stays as it is (as on any book): requoting the whole ladder after every small
   * trade would multiply the orders the engine and its tables carry about tenfold.
   */
  private async check(maker: MakerState, index: bigint, now: number): Promise<void> {
    maker.busy = true;
    maker.checkedAt = now;
    let open: number;
    let perpOpen = 0;
    try {
      const page = await maker.client.call(currencyOrderList, {
        body: { symbol: maker.market.symbol, status: 'open', page: 1, size: 1 },
      });
      open = page.total;
      for (const perp of this.perps?.get(maker.market.symbol) ?? []) {
        const orders = await maker.client.call(contractOrderList, {
          query: { symbol: perp.symbol, status: 'open', current: 1, size: 1 },
        });
        perpOpen += orders.total;
      }
    } catch (error) {
      this.options.onError?.(error);
      return;
    } finally {
      maker.busy = false;
    }
    const taken = open < maker.shown || perpOpen < maker.perpShown;
    if (taken && !this.stopped) await this.requote(maker, index);
  }

  /** Replaces the maker's ladder with one around `index`, in one mass quote. */
  private async requote(maker: MakerState, index: bigint): Promise<void> {
    const { market } = maker;
    const q = market.spec.quote.decimals;
    const b = market.spec.base.decimals;
    const ladder = quoteLadder(market, index, this.options.quotes);
    maker.busy = true;
    maker.quotedAt = index;
    try {
      const answer = await maker.client.call(currencyOrderMassQuote, {
        body: {
          symbol: market.symbol,
          orders: ladder.map((level) => ({
            side: level.side,
            price: formatUnits(level.price, q),
            quantity: formatUnits(level.quantity, b),
            // Post-only: a maker only ever adds liquidity, never takes a user's order.
            timeInForce: 'POST_ONLY' as const,
          })),
        },
      });
      // Only accepted orders were shown: a refused one (a post-only that would take)
      // then counts as missing, and the next check requotes.
      maker.shown = answer.orders.filter((entry) => 'order' in entry).length;
      let perpShown = 0;
      for (const perp of this.perps?.get(market.symbol) ?? []) {
        const answer = await maker.client.call(contractOrderMassQuote, {
          body: {
            symbol: perp.symbol,
            orders: ladder.map((level) => {
              // The level's size in contracts: base coin ÷ contract size (linear), or its
              // USD value ÷ the contract's USD value (inverse); at least one.
              const contracts = perp.inverse
                ? (level.quantity * level.price) / 10n ** BigInt(b) / perp.contractSize
                : level.quantity / perp.contractSize;
              return {
                side: level.side,
                price: formatUnits(level.price, q),
                contracts: String(contracts > 0n ? contracts : 1n),
              };
            }),
          },
        });
        perpShown += answer.orders.filter((entry) => 'order' in entry).length;
      }
      maker.perpShown = perpShown;
    } catch (error) {
      this.options.onError?.(error);
    } finally {
      maker.busy = false;
    }
  }
}

interface QuotedPerp {
  symbol: string;
  inverse: boolean;
  /** Base minor units (linear) or quote minor units of USD (inverse) per contract. */
  contractSize: bigint;
}
