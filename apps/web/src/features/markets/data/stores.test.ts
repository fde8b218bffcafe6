import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCandlesStore, mergeCandles } from './candles.ts';
import { createDepthStore } from './depth.ts';
import { createTickerStore } from './tickers.ts';
import { createTradesStore, mergeTrades, type Trade } from './trades.ts';
import { candle, priceInfo } from './test-data.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ticker store', () => {
  it('paints a snapshot at once and batches updates for a second', () => {
    const tickers = createTickerStore(1000);
    tickers.snapshot([priceInfo('btcusdt', '65000'), priceInfo('ethusdt', '3200')]);
    expect(tickers.store.getState().ready).toBe(true);
    expect(tickers.store.getState().bySymbol.btcusdt?.close).toBe('65000');

    const listener = vi.fn();
    tickers.store.subscribe(listener);
    tickers.update([priceInfo('btcusdt', '65001', 2)]);
    tickers.update([priceInfo('btcusdt', '65002', 3)]);
    vi.advanceTimersByTime(999);
    expect(listener).not.toHaveBeenCalled();
    expect(tickers.store.getState().bySymbol.btcusdt?.close).toBe('65000');
    vi.advanceTimersByTime(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(tickers.store.getState().bySymbol.btcusdt?.close).toBe('65002');
  });

  it('keeps the object of a market that did not tick, so its row does not re-render', () => {
    const tickers = createTickerStore(1000);
    tickers.snapshot([priceInfo('btcusdt', '65000'), priceInfo('ethusdt', '3200')]);
    const eth = tickers.store.getState().bySymbol.ethusdt;
    tickers.update([priceInfo('btcusdt', '65001', 2)]);
    vi.advanceTimersByTime(1000);
    expect(tickers.store.getState().bySymbol.ethusdt).toBe(eth);
  });

  it('lets a snapshot replace updates still waiting', () => {
    const tickers = createTickerStore(1000);
    tickers.snapshot([priceInfo('btcusdt', '1')]);
    tickers.update([priceInfo('btcusdt', '2', 2)]);
    tickers.snapshot([priceInfo('btcusdt', '3', 3)]);
    vi.advanceTimersByTime(1000);
    expect(tickers.store.getState().bySymbol.btcusdt?.close).toBe('3');
  });

  it('never lets late HTTP data take a newer price back', () => {
    const tickers = createTickerStore(1000);
    tickers.snapshot([priceInfo('btcusdt', '2', 20)]);
    tickers.seed([priceInfo('btcusdt', '1', 10), priceInfo('ethusdt', '5', 10)]);
    const state = tickers.store.getState().bySymbol;
    expect(state.btcusdt?.close).toBe('2');
    expect(state.ethusdt?.close).toBe('5');
  });
});

describe('depth store', () => {
  const book = (time: number, bid: string) => ({
    symbol: 'btcusdt',
    bids: [[bid, '1']] as [string, string][],
    asks: [['70000', '1']] as [string, string][],
    time,
  });

  it('shows the snapshot at once and only the last update of each 200 ms', () => {
    const depth = createDepthStore(200);
    depth.snapshot(book(1, '100'));
    expect(depth.store.getState().depth?.bids[0]?.[0]).toBe('100');
    const listener = vi.fn();
    depth.store.subscribe(listener);
    depth.update(book(2, '101'));
    depth.update(book(3, '102'));
    depth.update(book(4, '103'));
    vi.advanceTimersByTime(200);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(depth.store.getState().depth?.bids[0]?.[0]).toBe('103');
  });

  it('keeps a socket book over an older HTTP one', () => {
    const depth = createDepthStore(200);
    depth.snapshot(book(5, '105'));
    depth.seed(book(4, '104'));
    expect(depth.store.getState().depth?.time).toBe(5);
  });
});

describe('trades store', () => {
  const trade = (id: string, time: number): Trade => ({
    id,
    price: '1',
    amount: '1',
    direction: 'buy',
    time,
  });

  it('puts new trades first, drops repeats and keeps fifty', () => {
    const known = Array.from({ length: 50 }, (_, i) => trade(`k${i}`, 100 - i));
    const merged = mergeTrades(known, [trade('n1', 200), trade('k0', 100), trade('n2', 201)]);
    expect(merged.map((t) => t.id).slice(0, 4)).toEqual(['n2', 'n1', 'k0', 'k1']);
    expect(merged).toHaveLength(50);
  });

  it('batches socket trades', () => {
    const trades = createTradesStore(250);
    trades.snapshot([trade('a', 1)]);
    trades.update([trade('b', 2)]);
    expect(trades.store.getState().trades).toHaveLength(1);
    vi.advanceTimersByTime(250);
    expect(trades.store.getState().trades.map((t) => t.id)).toEqual(['b', 'a']);
  });
});

describe('candles store', () => {
  it('replaces the open candle and appends a new one', () => {
    const merged = mergeCandles(
      [candle(60, '1'), candle(120, '2')],
      [candle(180, '4'), candle(120, '3')],
    );
    expect(merged.map((c) => [c.time, c.close])).toEqual([
      [60, '1'],
      [120, '3'],
      [180, '4'],
    ]);
  });

  it('puts candles that arrive out of order in time order', () => {
    expect(mergeCandles([candle(120, '2'), candle(60, '1')], []).map((c) => c.time)).toEqual([
      60, 120,
    ]);
  });

  it('marks a snapshot as a reset and an update as a change of the tail', () => {
    const candles = createCandlesStore(250);
    candles.seed([candle(60, '1')]);
    candles.snapshot([candle(60, '2'), candle(120, '3')]);
    expect(candles.store.getState().change).toBe('reset');
    expect(candles.store.getState().candles).toHaveLength(2);
    candles.update([candle(120, '4')]);
    vi.advanceTimersByTime(250);
    expect(candles.store.getState()).toMatchObject({ change: 'tail' });
    expect(candles.store.getState().candles[1]?.close).toBe('4');
  });
});
