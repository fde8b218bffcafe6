import type { CandleData, PriceInfo } from '@meridian/contract';
import type {
  DepthData,
  KlineInterval,
  MarketFeed,
  MarketUpdate,
  TradeData,
} from '../../src/modules/markets/feed.ts';

export function ticker(symbol: string, close: string, time = Date.now()): PriceInfo {
  return {
    symbol,
    close,
    open: '100',
    openPrice: '100',
    low: '90',
    high: '110',
    volume: '5',
    volume24: '5',
    high24: '110',
    low24: '90',
    change: '0',
    priceChangePercent: '0.00',
    indexPrice: null,
    time,
  };
}

export function trade(id: string, price = '100', time = Date.now()): TradeData {
  return { id, price, amount: '1', direction: 'buy', time };
}

export function depth(symbol: string, bid: string, time = Date.now()): DepthData {
  return { symbol, bids: [[bid, '1']], asks: [['200', '1']], time };
}

export function candle(time: number, close: string): CandleData {
  return { time, open: '100', high: '110', low: '90', close, volume: '1', amount: '100' };
}

/** A market feed the test drives by hand: `emit` is a change in the market. */
export class FakeFeed implements MarketFeed {
  private readonly listeners = new Set<(update: MarketUpdate) => void>();
  readonly state = new Map<string, PriceInfo>();

  constructor(private readonly list: string[] = ['btcusdt', 'ethusdt']) {
    for (const symbol of list) this.state.set(symbol, ticker(symbol, '100', 1));
  }

  symbols(): string[] {
    return this.list;
  }
  tickers(): PriceInfo[] {
    return [...this.state.values()];
  }
  ticker(symbol: string): PriceInfo | undefined {
    return this.state.get(symbol);
  }
  async candles(_symbol: string, _interval: KlineInterval, _limit: number): Promise<CandleData[]> {
    return [candle(60_000, '100'), candle(120_000, '101')];
  }
  trades(symbol: string, _limit: number): TradeData[] {
    return [trade(`${symbol}-snap`)];
  }
  depth(symbol: string, _limit: number): DepthData | undefined {
    return depth(symbol, '99');
  }
  subscribe(listener: (update: MarketUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  get listenerCount(): number {
    return this.listeners.size;
  }
  emit(update: MarketUpdate): void {
    if (update.type === 'ticker') this.state.set(update.data.symbol, update.data);
    for (const listener of this.listeners) listener(update);
  }
}
