import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiCall } from '../../../shared/api/client.ts';
import { FakeSocket } from '../../../shared/testing/fake-socket.ts';
import { marketSocketUrl } from '@meridian/sdk/realtime';
import { MarketFeed } from './feed.ts';
import { candle, priceInfo } from './test-data.ts';

function setup(api?: Partial<Record<'quiet', unknown>>) {
  const sockets: FakeSocket[] = [];
  const quiet = api?.quiet ?? (() => new Promise(() => undefined));
  const feed = new MarketFeed({
    api: Object.assign(() => Promise.reject(new Error('loud')), { quiet }) as unknown as ApiCall,
    socketUrl: 'ws://host:1/',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    throttle: { tickers: 1000, depth: 200 },
  });
  return { feed, sockets };
}

const detail = (seq: number, snapshot: boolean, close: string) => ({
  type: 'DETAIL',
  channel: 'DETAIL:all',
  seq,
  snapshot,
  data: [priceInfo('btcusdt', close, seq)],
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('market feed', () => {
  it('opens one socket at {socketUrl}/ws/{id} and subscribes by contract', () => {
    expect(marketSocketUrl('ws://h:1/', 'abc')).toBe('ws://h:1/ws/abc');
    const { feed, sockets } = setup();
    const leaveA = feed.watchTickers();
    const leaveB = feed.watchTickers();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toMatch(/^ws:\/\/host:1\/ws\/[a-z0-9]+$/);
    sockets[0]!.open();
    expect(sockets[0]!.sent.map((s) => JSON.parse(s))).toEqual([
      { op: 'sub', type: 'DETAIL', symbol: 'all' },
    ]);
    leaveA();
    expect(sockets[0]!.sent).toHaveLength(1);
    leaveB();
    expect(JSON.parse(sockets[0]!.sent[1]!)).toEqual({
      op: 'unsub',
      type: 'DETAIL',
      symbol: 'all',
    });
    feed.close();
  });

  it('paints the snapshot at once, batches updates, and resubscribes on a gap', () => {
    const { feed, sockets } = setup();
    feed.watchTickers();
    const socket = sockets[0]!;
    socket.open();
    socket.receive(detail(1, true, '100'));
    expect(feed.tickers.store.getState().bySymbol.btcusdt?.close).toBe('100');
    socket.receive(detail(2, false, '101'));
    vi.advanceTimersByTime(1000);
    expect(feed.tickers.store.getState().bySymbol.btcusdt?.close).toBe('101');
    // seq 3 is lost: the client drops 4 and asks for a fresh snapshot.
    socket.receive(detail(4, false, '104'));
    vi.advanceTimersByTime(1000);
    expect(feed.tickers.store.getState().bySymbol.btcusdt?.close).toBe('101');
    expect(socket.sent.filter((s) => s.includes('"sub"'))).toHaveLength(2);
    socket.receive(detail(9, true, '109'));
    expect(feed.tickers.store.getState().bySymbol.btcusdt?.close).toBe('109');
    feed.close();
  });

  it('ignores messages that do not match the contract', () => {
    const { feed, sockets } = setup();
    feed.watchTickers();
    sockets[0]!.open();
    sockets[0]!.receive({
      type: 'DETAIL',
      channel: 'DETAIL:all',
      seq: 1,
      snapshot: true,
      data: [{}],
    });
    expect(feed.tickers.store.getState().ready).toBe(false);
    feed.close();
  });

  it('fills one market from HTTP and subscribes its kline, trade and depth channels', async () => {
    const quiet = vi.fn((spec: { path: string }) => {
      if (spec.path.includes('kline')) return Promise.resolve([candle(60, '1')]);
      if (spec.path.includes('depth'))
        return Promise.resolve({ symbol: 'btcusdt', bids: [], asks: [], time: 1 });
      return Promise.reject(new Error('down'));
    });
    const { feed, sockets } = setup({ quiet });
    const leave = feed.watchMarket('btcusdt', '5m');
    sockets[0]!.open();
    expect(sockets[0]!.sent.map((s) => JSON.parse(s))).toEqual([
      { op: 'sub', type: 'KLINE', symbol: 'btcusdt', interval: '5m' },
      { op: 'sub', type: 'TRADE', symbol: 'btcusdt' },
      { op: 'sub', type: 'DEPTH', symbol: 'btcusdt' },
    ]);
    await vi.waitFor(() => expect(feed.candles.store.getState().candles).toHaveLength(1));
    expect(feed.depth.store.getState().depth?.symbol).toBe('btcusdt');
    expect(quiet).toHaveBeenCalledWith(
      expect.objectContaining({ path: expect.stringContaining('transaction') }),
      {
        params: { a: 'btc', b: 'usdt' },
        query: { limit: 50 },
      },
    );
    sockets[0]!.receive({
      type: 'KLINE',
      channel: 'KLINE:btcusdt:5m',
      seq: 1,
      snapshot: true,
      data: [candle(60, '2'), candle(120, '3')],
    });
    expect(feed.candles.store.getState().candles.map((c) => c.close)).toEqual(['2', '3']);
    leave();
    feed.close();
  });
});
