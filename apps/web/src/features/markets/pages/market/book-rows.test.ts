import { describe, expect, it } from 'vitest';
import type { Depth } from '../../data/depth.ts';
import { bookView, rowsThatFit, spreadOf, spreadPercent } from './book-rows.ts';

const depth = (asks: [string, string][], bids: [string, string][]): Depth => ({
  symbol: 'btcusdt',
  asks,
  bids,
  time: 1,
});

const BOOK = depth(
  [
    ['65000.5', '0.1'],
    ['65001', '0.3'],
    ['65003.25', '0.05'],
  ],
  [
    ['64999.9', '0.25'],
    ['64999', '0.75'],
    ['64990', '1'],
  ],
);

describe('order book rows', () => {
  it('shows at most `rows` levels a side and never an empty one: asks best last, bids best first', () => {
    const view = bookView(BOOK, 2);
    expect(view.asks.map((l) => l.price)).toEqual(['65001', '65000.5']);
    expect(view.bids.map((l) => l.price)).toEqual(['64999.9', '64999']);
    // A thin book shows what it has, no padding rows.
    const thin = bookView(depth([['1', '1']], []), 5);
    expect(thin.asks.map((l) => l.price)).toEqual(['1']);
    expect(thin.bids).toEqual([]);
  });

  it.each([
    // rows, asks' totals (top row first), bids' totals, asks' bars, bids' bars
    [3, ['0.45', '0.4', '0.1'], ['0.25', '1', '2'], [22.5, 20, 5], [12.5, 50, 100]],
    [2, ['0.4', '0.1'], ['0.25', '1'], [40, 10], [25, 100]],
    [1, ['0.1'], ['0.25'], [40], [100]],
  ])(
    'sums cumulative totals exactly and draws both sides to one scale (%i rows)',
    (rows, askTotals, bidTotals, askBars, bidBars) => {
      const view = bookView(BOOK, rows);
      expect(view.asks.map((l) => l.total)).toEqual(askTotals);
      expect(view.bids.map((l) => l.total)).toEqual(bidTotals);
      expect(view.asks.map((l) => l.depthPercent)).toEqual(askBars);
      expect(view.bids.map((l) => l.depthPercent)).toEqual(bidBars);
    },
  );

  it('adds amounts of different decimals without floating point', () => {
    const view = bookView(
      depth(
        [],
        [
          ['10', '0.1'],
          ['9', '0.2'],
          ['8', '0.00000001'],
        ],
      ),
      3,
    );
    expect(view.bids.map((l) => l.total)).toEqual(['0.1', '0.3', '0.30000001']);
  });

  it('groups by a coarser step (asks up, bids down) and keeps the real spread', () => {
    const view = bookView(BOOK, 5, '10');
    expect(view.asks.map((l) => [l.price, l.amount, l.total])).toEqual([['65010', '0.45', '0.45']]);
    expect(view.bids.map((l) => [l.price, l.amount, l.total])).toEqual([['64990', '2', '2']]);
    expect(view.spread).toBe('0.6');
  });

  it('has no spread while a side is empty, and no rows before the first book', () => {
    const oneSided = bookView(depth([], [['1', '1']]), 2);
    expect(oneSided.spread).toBeNull();
    expect(oneSided.spreadPercent).toBeNull();
    expect(bookView(null, 3)).toEqual({ asks: [], bids: [], spread: null, spreadPercent: null });
  });
});

describe('spread', () => {
  it.each([
    // best ask, best bid, spread, percent of the mid price
    ['65000.5', '64999.9', '0.6', '0.0009'],
    ['101', '99', '2', '2.0000'],
    ['100.5', '99.5', '1', '1.0000'],
    ['0.00012', '0.0001', '0.00002', '18.1818'],
    ['79237.05', '79189.52', '47.53', '0.0600'],
    ['100', '100', '0', '0.0000'],
  ])('%s / %s: spread %s, %s percent of the mid', (ask, bid, spread, percent) => {
    expect(spreadOf(ask, bid)).toBe(spread);
    expect(spreadPercent(ask, bid)).toBe(percent);
  });

  it('has no percentage for a crossed book or unreadable prices', () => {
    expect(spreadPercent('99', '100')).toBeNull();
    expect(spreadPercent('x', '100')).toBeNull();
  });
});

describe('rows that fit', () => {
  it.each([
    // height, row px, chrome px, rows per side
    [600, 20, 126, 11],
    [400, 20, 126, 6],
    [200, 20, 126, 4],
    [2000, 24, 126, 12],
    [Number.NaN, 20, 126, 4],
  ])('%i px with %i px rows and %i px around them: %i a side', (height, row, chrome, rows) => {
    expect(rowsThatFit(height, row, chrome, { min: 4, max: 12 })).toBe(rows);
  });
});
