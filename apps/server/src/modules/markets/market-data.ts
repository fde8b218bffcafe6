import {
  foldTrade,
  formatUnits,
  KLINE_INTERVALS,
  type Candle,
  type CommandResult,
  type KlineInterval,
} from '@meridian/core';
import type { CandleData, PriceInfo } from '@meridian/contract';
import type { MarketsDb } from './tables.ts';
import type { EngineFront } from '../../engine/engine-front.ts';
import { tradeAmounts } from '../../engine/event-rows.ts';
import type { ListedMarket } from './catalogue.ts';
import { candleData, type CandleStore } from './candles.ts';
import type { DepthData, MarketFeed, MarketUpdate, TradeData } from './feed.ts';
import type { IndexTick } from './index-feed/source.ts';
import { DayWindow, percent2 } from './stats.ts';

/** Recent trades kept per market (the most any call or snapshot asks for). */
const RECENT_TRADES = 100;
/** Book levels read from the engine per side (the most any call asks for). */
const DEPTH_LEVELS = 100;

export interface MarketDataOptions {
  db: MarketsDb;
  engine: Pick<EngineFront, 'onDurable' | 'depth'>;
  markets: ListedMarket[];
  candles: CandleStore;
  now?: () => number;
  /** At most one depth read per market per this many ms (a busy book is not re-read per order). */
  depthThrottleMs?: number;
  /** How often changed candles are written. */
  flushMs?: number;
  /** False in an API process: the leading process writes the candles; this one keeps its own. */
  persists?: boolean;
  onError?: (error: unknown) => void;
}

interface MarketState {
  market: ListedMarket;
  current: Map<KlineInterval, Candle>;
  dirty: Set<KlineInterval>;
  /** Candles that closed since the last write, then while being written. */
  closed: Array<{ interval: KlineInterval; candle: Candle }>;
  writing: Array<{ interval: KlineInterval; candle: Candle }>;
  day: DayWindow;
  trades: TradeData[];
  index: { price: bigint; time: number } | undefined;
  depth: DepthData | undefined;
  depthDirty: boolean;
}

/**
 * The market data service: it follows the engine's durable trades (never what a crash
 * could take back) and the index feed, keeps candles of every interval, 24-hour
 * statistics, recent trades and throttled depth, and tells subscribers what changed.
 */
export class MarketDataService implements MarketFeed {
  private readonly states = new Map<string, MarketState>();
  /** The markets followed, in list order; a listed market joins at the end. */
  private readonly markets: ListedMarket[];
  private readonly listeners = new Set<(update: MarketUpdate) => void>();
  private readonly now: () => number;
  private timers: NodeJS.Timeout[] = [];
  private detach: (() => void) | null = null;
  private flushing: Promise<void> = Promise.resolve();

  private constructor(private readonly options: MarketDataOptions) {
    this.now = options.now ?? Date.now;
    this.markets = [...options.markets];
  }

  /** Loads the open candles, the 24-hour window and recent trades, then follows the engine. */
  static async open(options: MarketDataOptions): Promise<MarketDataService> {
    const service = new MarketDataService(options);
    await service.load();
    service.detach = options.engine.onDurable((results) => service.onResults(results));
    const flushMs = options.flushMs ?? 1000;
    const depthMs = options.depthThrottleMs ?? 250;
    service.timers.push(
      setInterval(() => void service.flush(), flushMs),
      setInterval(() => service.refreshDepth(), depthMs),
    );
    for (const t of service.timers) t.unref();
    return service;
  }

  private async load(): Promise<void> {
    for (const market of this.markets) await this.loadMarket(market);
  }

  /** A market listed while running: followed from now on, like those loaded at start. */
  async add(market: ListedMarket): Promise<void> {
    if (this.states.has(market.symbol)) return;
    await this.loadMarket(market);
    this.markets.push(market);
  }

  private async loadMarket(market: ListedMarket): Promise<void> {
    const since = this.now() - 86_400_000;
    const current = new Map<KlineInterval, Candle>();
    for (const interval of KLINE_INTERVALS) {
      const [last] = await this.options.candles.list(market, interval, 1);
      if (last) current.set(interval, last);
    }
    const minutes = await this.options.candles.since(market, '1m', since);
    const fills = await this.options.db
      .selectFrom('trade_fills')
      .select(['id', 'price', 'quantity', 'taker_side', 'created_at'])
      .where('market', '=', market.symbol)
      .orderBy('id', 'desc')
      .limit(RECENT_TRADES)
      .execute();
    this.states.set(market.symbol, {
      market,
      current,
      dirty: new Set(),
      closed: [],
      writing: [],
      // The last minute may be older than the window; its close is still the last price.
      day: new DayWindow(minutes.length > 0 ? minutes : [...current.values()].slice(0, 1)),
      trades: fills.map((f) => ({
        id: String(f.id),
        price: f.price,
        amount: f.quantity,
        direction: f.taker_side === 'sell' ? 'sell' : 'buy',
        time: Number(f.created_at),
      })),
      index: undefined,
      depth: undefined,
      depthDirty: true,
    });
  }

  symbols(): string[] {
    return this.markets.map((m) => m.symbol);
  }

  tickers(): PriceInfo[] {
    return this.symbols().flatMap((s) => this.ticker(s) ?? []);
  }

  ticker(symbol: string): PriceInfo | undefined {
    const state = this.states.get(symbol);
    if (!state) return undefined;
    const now = this.now();
    const stats = state.day.stats(now);
    const q = state.market.spec.quote.decimals;
    // Before a market's first trade its last price is the index: still a market price.
    const last = stats?.close ?? state.index?.price;
    if (last === undefined) return undefined;
    const open = stats?.open ?? last;
    const high = stats?.high ?? last;
    const low = stats?.low ?? last;
    const f = (v: bigint) => formatUnits(v, q);
    return {
      symbol,
      close: f(last),
      open: f(open),
      openPrice: f(open),
      low: f(low),
      high: f(high),
      volume: formatUnits(stats?.volume ?? 0n, state.market.spec.base.decimals),
      volume24: f(stats?.amount ?? 0n),
      high24: f(high),
      low24: f(low),
      change: f(last - open),
      priceChangePercent: percent2(last - open, open),
      indexPrice: state.index ? f(state.index.price) : null,
      time: now,
    };
  }

  /** The last price in quote minor units (trade, else index), for market makers and comparisons. */
  lastPrice(symbol: string): bigint | undefined {
    const state = this.states.get(symbol);
    return state?.day.lastClose() ?? state?.index?.price;
  }

  indexOf(symbol: string): { price: bigint; time: number } | undefined {
    return this.states.get(symbol)?.index;
  }

  async candles(symbol: string, interval: KlineInterval, limit: number): Promise<CandleData[]> {
    return this.candlesBefore(symbol, interval, limit);
  }

  /** Oldest first; without `before` the last candle is the open one held in memory. */
  async candlesBefore(
    symbol: string,
    interval: KlineInterval,
    limit: number,
    before?: number,
  ): Promise<CandleData[]> {
    const state = this.states.get(symbol);
    if (!state) return [];
    const stored = await this.options.candles.list(state.market, interval, limit, before);
    // Memory is ahead of the table by up to one write: closed candles not yet stored and
    // the open one replace their stored copies.
    const byTime = new Map(stored.map((c) => [c.openTime, c]));
    const fresh = [...state.writing, ...state.closed].filter((c) => c.interval === interval);
    const open = state.current.get(interval);
    for (const c of [...fresh.map((f) => f.candle), ...(open ? [open] : [])]) {
      if (before === undefined || c.openTime < before) byTime.set(c.openTime, c);
    }
    return [...byTime.values()]
      .sort((a, b) => a.openTime - b.openTime)
      .slice(-limit)
      .map((c) => candleData(state.market, c));
  }

  trades(symbol: string, limit: number): TradeData[] {
    return (this.states.get(symbol)?.trades ?? []).slice(0, limit);
  }

  depth(symbol: string, limit: number): DepthData | undefined {
    const state = this.states.get(symbol);
    if (!state) return undefined;
    if (!state.depth) this.readDepth(state);
    const d = state.depth!;
    return { ...d, bids: d.bids.slice(0, limit), asks: d.asks.slice(0, limit) };
  }

  subscribe(listener: (update: MarketUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Takes over candles made elsewhere (the simulated history of a first start): the
   * newest of each interval becomes the open candle, the rest are written by the next
   * flush, and reads see all of them at once, so the start never waits for the write.
   */
  adopt(candles: Array<{ market: ListedMarket; interval: KlineInterval; candle: Candle }>): void {
    for (const { market, interval, candle } of candles) {
      const state = this.states.get(market.symbol);
      if (!state) continue;
      const open = state.current.get(interval);
      if (!open || candle.openTime > open.openTime) {
        // The one it replaces has closed; a candle is never both open and closed.
        if (open && state.dirty.has(interval)) state.closed.push({ interval, candle: open });
        state.current.set(interval, candle);
        state.dirty.add(interval);
      } else if (candle.openTime < open.openTime) {
        state.closed.push({ interval, candle });
      }
      if (interval === '1m') state.day.put(candle);
    }
  }

  /** New index prices from the feed. */
  onIndex(ticks: IndexTick[]): void {
    for (const tick of ticks) {
      const state = this.states.get(tick.symbol);
      if (!state) continue;
      state.index = { price: tick.price, time: tick.time };
      const ticker = this.ticker(tick.symbol);
      if (ticker) this.emit({ type: 'ticker', data: ticker });
    }
  }

  /** Writes changed candles; also awaited on close. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const items: Parameters<CandleStore['upsert']>[0] = [];
      for (const state of this.states.values()) {
        state.writing = state.closed;
        state.closed = [];
        for (const { interval, candle } of state.writing) {
          items.push({ market: state.market, interval, candle });
        }
        for (const interval of state.dirty) {
          const candle = state.current.get(interval);
          if (candle) items.push({ market: state.market, interval, candle });
        }
        state.dirty.clear();
      }
      try {
        if (this.options.persists !== false) await this.options.candles.upsert(items);
      } catch (error) {
        this.options.onError?.(error);
      } finally {
        for (const state of this.states.values()) state.writing = [];
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    this.detach?.();
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.flush();
  }

  private onResults(results: readonly CommandResult[]): void {
    const traded = new Map<MarketState, TradeData[]>();
    for (const result of results) {
      for (const event of result.events) {
        if (event.type === 'accepted' || event.type === 'cancelled' || event.type === 'trade') {
          const state = this.states.get(event.market);
          if (state) state.depthDirty = true;
        }
        if (event.type !== 'trade') continue;
        const state = this.states.get(event.market);
        if (!state) continue;
        const a = tradeAmounts(state.market.spec, event);
        this.fold(state, {
          timeMs: result.ts,
          price: a.price,
          quantity: a.quantity,
          amount: a.value,
        });
        const trade: TradeData = {
          id: String(event.tradeId),
          price: a.priceText,
          amount: a.quantityText,
          direction: event.takerSide,
          time: result.ts,
        };
        const list = traded.get(state) ?? [];
        list.push(trade);
        traded.set(state, list);
      }
    }
    for (const [state, list] of traded) {
      const newest = list.reverse();
      state.trades = [...newest, ...state.trades].slice(0, RECENT_TRADES);
      const symbol = state.market.symbol;
      this.emit({ type: 'trades', symbol, data: newest });
      for (const interval of KLINE_INTERVALS) {
        const candle = state.current.get(interval);
        if (candle) {
          this.emit({ type: 'candle', symbol, interval, data: candleData(state.market, candle) });
        }
      }
      const ticker = this.ticker(symbol);
      if (ticker) this.emit({ type: 'ticker', data: ticker });
    }
  }

  private fold(
    state: MarketState,
    trade: { timeMs: number; price: bigint; quantity: bigint; amount: bigint },
  ): void {
    for (const interval of KLINE_INTERVALS) {
      const before = state.current.get(interval);
      const next = foldTrade(interval, before, trade);
      // A candle that just closed waits for the next write (reads see it meanwhile).
      if (before && before.openTime !== next.openTime && state.dirty.has(interval)) {
        state.closed.push({ interval, candle: before });
      }
      state.current.set(interval, next);
      state.dirty.add(interval);
    }
    state.day.put(state.current.get('1m')!);
  }

  private refreshDepth(): void {
    for (const state of this.states.values()) {
      if (!state.depthDirty) continue;
      this.readDepth(state);
      this.emit({ type: 'depth', symbol: state.market.symbol, data: state.depth! });
    }
  }

  private readDepth(state: MarketState): void {
    const book = this.options.engine.depth(state.market.symbol, DEPTH_LEVELS);
    state.depth = {
      symbol: state.market.symbol,
      bids: book?.bids ?? [],
      asks: book?.asks ?? [],
      time: this.now(),
    };
    state.depthDirty = false;
  }

  private emit(update: MarketUpdate): void {
    for (const listener of this.listeners) {
      try {
        listener(update);
      } catch (error) {
        // One subscriber's fault never stops the others or the feed.
        this.options.onError?.(error);
      }
    }
  }
}
