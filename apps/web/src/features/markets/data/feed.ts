import { getDepth, getKlines, recentTrades } from '@meridian/contract/calls/market';
import { marketChannel, marketMessageSchema, type MarketSubscription } from '@meridian/contract/realtime';
import type { z } from 'zod';
import type { klineIntervalSchema } from '@meridian/contract/calls/market';
import type { ApiCall } from '../../../shared/api/client.ts';
import {
  marketSocketUrl,
  RealtimeClient,
  type ChannelMessage,
  type SocketFactory,
} from '@meridian/sdk/realtime';
import type { Schedule } from '../../../shared/realtime/batcher.ts';
import { createCandlesStore } from './candles.ts';
import { createDepthStore } from './depth.ts';
import { createTickerStore } from './tickers.ts';
import { createTradesStore } from './trades.ts';
import { pairOf } from './symbols.ts';

export type KlineInterval = z.infer<typeof klineIntervalSchema>;

export interface MarketFeedOptions {
  api: ApiCall;
  socketUrl: string;
  createSocket?: SocketFactory;
  schedule?: Schedule;
  /** Throttles per slice; tests shorten or lengthen them. */
  throttle?: { tickers?: number; depth?: number; trades?: number; candles?: number };
}

/** Rows of the order book fetched and shown. */
export const DEPTH_LEVELS = 20;

/**
 * The market data layer: one socket, small stores per slice, and the HTTP calls that
 * fill them before the socket's first snapshot. It lives outside React so that a tick
 * touches a store, not a component tree; components select the slice they show.
 * Subscriptions are counted, so two widgets watching the tickers share one channel and
 * the channel closes when the last one leaves.
 */
export class MarketFeed {
  readonly tickers;
  readonly depth;
  readonly trades;
  readonly candles;
  private readonly client: RealtimeClient;
  private connected = false;
  private readonly watchers = new Map<string, { count: number; leave: () => void }>();

  constructor(private readonly options: MarketFeedOptions) {
    const t = options.throttle ?? {};
    this.tickers = createTickerStore(t.tickers, options.schedule);
    this.depth = createDepthStore(t.depth, options.schedule);
    this.trades = createTradesStore(t.trades, options.schedule);
    this.candles = createCandlesStore(t.candles, options.schedule);
    this.client = new RealtimeClient({
      url: marketSocketUrl(options.socketUrl),
      ...(options.createSocket ? { createSocket: options.createSocket } : {}),
      ...(options.schedule ? { schedule: options.schedule } : {}),
    });
  }

  /** The DETAIL of every market (seed section 4): the quote tables and home page. */
  watchTickers(): () => void {
    return this.watch({ type: 'DETAIL', symbol: 'all' });
  }

  /**
   * Everything the market page shows of one market: candles of one interval, trades and
   * the book. HTTP fills the stores first; the socket's snapshots then take over.
   */
  watchMarket(symbol: string, interval: KlineInterval): () => void {
    this.candles.reset();
    this.trades.reset();
    this.depth.reset();
    const leave = [
      this.watch({ type: 'KLINE', symbol, interval }),
      this.watch({ type: 'TRADE', symbol }),
      this.watch({ type: 'DEPTH', symbol }),
    ];
    let active = true;
    void this.loadMarket(symbol, interval, () => active);
    return () => {
      active = false;
      for (const release of leave) release();
    };
  }

  /** Closes the socket for good (tests, or a page that owns its own feed). */
  close(): void {
    this.client.close();
    this.tickers.dispose();
  }

  private async loadMarket(symbol: string, interval: KlineInterval, active: () => boolean) {
    const api = this.options.api.quiet;
    const [a, b] = pairOf(symbol);
    // Each answer is applied on its own: a slow book does not hold the chart back, and a
    // failure leaves that slice to the socket's snapshot.
    await Promise.allSettled([
      api(getKlines, { params: { symbol }, query: { interval, limit: 300 } }).then((c) => {
        if (active()) this.candles.seed(c);
      }),
      api(getDepth, { params: { symbol }, query: { limit: DEPTH_LEVELS } }).then((d) => {
        if (active()) this.depth.seed(d);
      }),
      api(recentTrades, { params: { a, b }, query: { limit: 50 } }).then((list) => {
        if (active()) this.trades.seed(list);
      }),
    ]);
  }

  private watch(sub: Omit<MarketSubscription, 'op'>): () => void {
    const channel = marketChannel(sub);
    const known = this.watchers.get(channel);
    if (known) {
      known.count += 1;
    } else {
      const leave = this.client.subscribe({
        channel,
        request: { op: 'sub', ...sub },
        release: { op: 'unsub', ...sub },
        onMessage: (message) => this.receive(message),
      });
      this.watchers.set(channel, { count: 1, leave });
      if (!this.connected) {
        this.connected = true;
        this.client.connect();
      }
    }
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const entry = this.watchers.get(channel);
      if (!entry) return;
      entry.count -= 1;
      if (entry.count === 0) {
        this.watchers.delete(channel);
        entry.leave();
      }
    };
  }

  /** Sequence numbers are the client's business (it resubscribes on a gap); this only
   * routes a message that passed to its slice, snapshot or update. */
  private receive(raw: ChannelMessage): void {
    const parsed = marketMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const m = parsed.data;
    switch (m.type) {
      case 'DETAIL':
        if (m.snapshot) this.tickers.snapshot(m.data);
        else this.tickers.update(m.data);
        break;
      case 'DEPTH':
        if (m.snapshot) this.depth.snapshot(m.data);
        else this.depth.update(m.data);
        break;
      case 'TRADE':
        if (m.snapshot) this.trades.snapshot(m.data);
        else this.trades.update(m.data);
        break;
      case 'KLINE':
        if (m.snapshot) this.candles.snapshot(m.data);
        else this.candles.update(m.data);
        break;
    }
  }
}
