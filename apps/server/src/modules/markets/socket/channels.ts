import {
  marketChannel,
  type CandleData,
  type MarketChannelType,
  type MarketSubscription,
  type PriceInfo,
} from '@meridian/contract';
import type { DepthData, KlineInterval, MarketFeed, MarketUpdate, TradeData } from '../feed.ts';

/** A channel of the market socket, as `marketChannel` names it. */
export interface ChannelSpec {
  key: string;
  type: MarketChannelType;
  /** A market symbol, or `all` (DETAIL only). */
  symbol: string;
  interval: KlineInterval;
}

/** Candles, trades and levels a snapshot carries. */
export const SNAPSHOT_CANDLES = 300;
export const SNAPSHOT_TRADES = 50;
export const SNAPSHOT_DEPTH_LEVELS = 20;
/**
 * Trades kept for one throttled update. A window of 250 ms never holds this many on a
 * retail platform; the cap only stops a runaway feed from growing memory.
 */
export const MAX_BATCHED_TRADES = 1000;

/**
 * How often a channel may send (ms). The order book repaints at most every 200 ms with
 * the latest book; the all-markets ticker list at most once a second, batched; candles,
 * trades and a single ticker are coalesced per 250 ms.
 */
export function throttleMs(spec: ChannelSpec): number {
  if (spec.type === 'DEPTH') return 200;
  if (spec.type === 'DETAIL' && spec.symbol === 'all') return 1000;
  return 250;
}

/** Checks what the schema cannot: `all` and `interval` belong to one type each, the market exists. */
export function channelSpec(
  sub: MarketSubscription,
  symbols: readonly string[],
): ChannelSpec | string {
  if (sub.symbol === 'all' && sub.type !== 'DETAIL') return `symbol 'all' is only for DETAIL`;
  if (sub.interval !== undefined && sub.type !== 'KLINE') return `interval is only for KLINE`;
  if (sub.symbol !== 'all' && !symbols.includes(sub.symbol)) {
    return `unknown symbol '${sub.symbol}'`;
  }
  const interval = sub.interval ?? '1m';
  return {
    key: marketChannel({ ...sub, interval }),
    type: sub.type,
    symbol: sub.symbol,
    interval,
  };
}

/** The channels a feed update concerns. */
export function channelsOf(update: MarketUpdate): string[] {
  switch (update.type) {
    case 'ticker':
      return [`DETAIL:${update.data.symbol}`, 'DETAIL:all'];
    case 'candle':
      return [`KLINE:${update.symbol}:${update.interval}`];
    case 'trades':
      return [`TRADE:${update.symbol}`];
    case 'depth':
      return [`DEPTH:${update.symbol}`];
  }
}

/** The full state of a channel, read from the feed when a client subscribes. */
export async function snapshotOf(feed: MarketFeed, spec: ChannelSpec): Promise<unknown> {
  switch (spec.type) {
    case 'DETAIL': {
      if (spec.symbol === 'all') return feed.tickers();
      const ticker = feed.ticker(spec.symbol);
      return ticker ? [ticker] : [];
    }
    case 'KLINE':
      return feed.candles(spec.symbol, spec.interval, SNAPSHOT_CANDLES);
    case 'TRADE':
      return feed.trades(spec.symbol, SNAPSHOT_TRADES);
    case 'DEPTH':
      return (
        feed.depth(spec.symbol, SNAPSHOT_DEPTH_LEVELS) ?? {
          symbol: spec.symbol,
          bids: [],
          asks: [],
          time: Date.now(),
        }
      );
  }
}

/**
 * What piles up on a channel between two sends. `take` returns the data of the next
 * update message (or undefined when nothing changed) and starts over.
 */
export interface ChannelBatch {
  add(update: MarketUpdate): void;
  take(): unknown;
}

export function createBatch(spec: ChannelSpec): ChannelBatch {
  switch (spec.type) {
    case 'DETAIL': {
      // Per market the latest ticker wins; the `all` channel sends every market that moved.
      let tickers = new Map<string, PriceInfo>();
      return {
        add: (u) => {
          if (u.type === 'ticker') tickers.set(u.data.symbol, u.data);
        },
        take: () => {
          if (tickers.size === 0) return undefined;
          const data = [...tickers.values()];
          tickers = new Map();
          return data;
        },
      };
    }
    case 'KLINE': {
      // An open candle changes many times; only its latest state matters, per open time.
      let candles = new Map<number, CandleData>();
      return {
        add: (u) => {
          if (u.type === 'candle') candles.set(u.data.time, u.data);
        },
        take: () => {
          if (candles.size === 0) return undefined;
          const data = [...candles.values()].sort((a, b) => a.time - b.time);
          candles = new Map();
          return data;
        },
      };
    }
    case 'TRADE': {
      // Every trade is kept (newest first, as the feed and the snapshot order them).
      let trades: TradeData[] = [];
      return {
        add: (u) => {
          if (u.type !== 'trades') return;
          trades = u.data.concat(trades);
          if (trades.length > MAX_BATCHED_TRADES) trades.length = MAX_BATCHED_TRADES;
        },
        take: () => {
          if (trades.length === 0) return undefined;
          const data = trades;
          trades = [];
          return data;
        },
      };
    }
    case 'DEPTH': {
      // Each depth update is the whole top of the book: the latest replaces the rest.
      let depth: DepthData | undefined;
      return {
        add: (u) => {
          if (u.type === 'depth') depth = u.data;
        },
        take: () => {
          const data = depth;
          depth = undefined;
          return data;
        },
      };
    }
  }
}

/**
 * One message of a channel. The data is serialised once per send and shared by every
 * subscriber; only the sequence number differs between them.
 */
export function encodeMessage(
  spec: Pick<ChannelSpec, 'key' | 'type'>,
  seq: number,
  snapshot: boolean,
  dataJson: string,
): string {
  return `{"type":"${spec.type}","channel":"${spec.key}","seq":${seq},"snapshot":${snapshot},"data":${dataJson}}`;
}
