import { describe, expect, it } from 'vitest';
import { bookView } from './book-rows.ts';

describe('order book rows', () => {
  it('keeps a fixed number of rows, best ask last and best bid first', () => {
    const view = bookView(
      {
        symbol: 'btcusdt',
        asks: [
          ['65000.5', '0.1'],
          ['65001', '0.3'],
        ],
        bids: [
          ['64999.9', '0.25'],
          ['64999', '0.75'],
          ['64990', '1'],
        ],
        time: 1,
      },
      4,
    );
    expect(view.asks.map((l) => l?.price ?? null)).toEqual([null, null, '65001', '65000.5']);
    expect(view.bids.map((l) => l?.price ?? null)).toEqual(['64999.9', '64999', '64990', null]);
    expect(view.spread).toBe('0.6');
    expect(view.bids.map((l) => l?.depthPercent ?? null)).toEqual([12.5, 50, 100, null]);
    expect(view.asks[3]?.depthPercent).toBe(25);
  });

  it('has no spread while a side is empty', () => {
    const view = bookView({ symbol: 'btcusdt', asks: [], bids: [['1', '1']], time: 1 }, 2);
    expect(view.spread).toBeNull();
    expect(view.asks).toEqual([null, null]);
  });

  it('draws empty rows before the first book arrives', () => {
    expect(bookView(null, 3).bids).toEqual([null, null, null]);
  });
});
