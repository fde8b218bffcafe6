import type { PriceInfo } from '@meridian/contract';
import type { MarketFeed, MarketUpdate, TradeData } from '../../src/modules/markets/feed.ts';

/** Microseconds on the machine's monotonic clock: comparable between processes. */
export const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * A market feed for the fan-out benchmark: every symbol ticks `perSecond` times a second
 * (ticks of different symbols spread over the period), each tick a trade and a ticker.
 * A trade id carries the tick number and the moment it was made, so a client can count
 * what it received and how long it took. `tickers()` stamps its list with the moment it
 * is read: the MQTT publisher reads it when it publishes.
 */
export class BenchFeed implements MarketFeed {
  private readonly listeners = new Set<(update: MarketUpdate) => void>();
  private readonly timers: NodeJS.Timeout[] = [];
  readonly ticks = new Map<string, number>();
  tickerReads = 0;

  constructor(private readonly list: string[]) {
    for (const symbol of list) this.ticks.set(symbol, 0);
  }

  symbols(): string[] {
    return this.list;
  }
  tickers(): PriceInfo[] {
    this.tickerReads++;
    const stamp = nowUs();
    return this.list.map((symbol) => this.tickerOf(symbol, stamp));
  }
  ticker(symbol: string): PriceInfo | undefined {
    return this.ticks.has(symbol) ? this.tickerOf(symbol, nowUs()) : undefined;
  }
  async candles() {
    return [];
  }
  trades(): TradeData[] {
    return [];
  }
  depth() {
    return undefined;
  }
  subscribe(listener: (update: MarketUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(perSecond: number): void {
    const period = 1000 / perSecond;
    this.list.forEach((symbol, index) => {
      const begin = setTimeout(
        () => {
          this.tick(symbol);
          this.timers.push(setInterval(() => this.tick(symbol), period));
        },
        (period * index) / this.list.length,
      );
      this.timers.push(begin);
    });
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
  }

  private tick(symbol: string): void {
    const n = (this.ticks.get(symbol) ?? 0) + 1;
    this.ticks.set(symbol, n);
    const stamp = nowUs();
    const trade: TradeData = {
      id: `${symbol}:${n}:${stamp}`,
      price: '100',
      amount: '1',
      direction: 'buy',
      time: Math.floor(stamp / 1000),
    };
    for (const listener of this.listeners) {
      listener({ type: 'trades', symbol, data: [trade] });
      listener({ type: 'ticker', data: this.tickerOf(symbol, stamp) });
    }
  }

  private tickerOf(symbol: string, stamp: number): PriceInfo {
    return {
      symbol,
      close: '100',
      open: '100',
      openPrice: '100',
      low: '100',
      high: '100',
      volume: '1',
      volume24: '1',
      high24: '100',
      low24: '100',
      change: '0',
      priceChangePercent: '0.00',
      indexPrice: null,
      time: stamp,
    };
  }
}
