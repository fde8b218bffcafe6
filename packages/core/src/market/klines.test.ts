import { describe, expect, it } from 'vitest';
import { candleOpenTime, foldTrade, type Candle, type TradeTick } from './klines.ts';

const at = (iso: string) => Date.parse(iso);

describe('candleOpenTime', () => {
  it.each([
    ['1m', '2026-11-22T10:17:42.500Z', '2026-11-22T10:17:00.000Z'],
    ['5m', '2026-11-22T10:17:42.500Z', '2026-11-22T10:15:00.000Z'],
    ['15m', '2026-11-22T10:17:42.500Z', '2026-11-22T10:15:00.000Z'],
    ['30m', '2026-11-22T10:47:00.000Z', '2026-11-22T10:30:00.000Z'],
    ['1h', '2026-11-22T10:59:59.999Z', '2026-11-22T10:00:00.000Z'],
    ['4h', '2026-11-22T10:17:00.000Z', '2026-11-22T08:00:00.000Z'],
    ['1d', '2026-11-22T23:59:59.000Z', '2026-11-22T00:00:00.000Z'],
    // 2026-11-22 is a Sunday: its week opened on Monday the 16th.
    ['1w', '2026-11-22T10:00:00.000Z', '2026-11-16T00:00:00.000Z'],
    ['1w', '2026-11-23T00:00:00.000Z', '2026-11-23T00:00:00.000Z'],
    ['1M', '2026-11-22T10:00:00.000Z', '2026-11-01T00:00:00.000Z'],
    ['1M', '2024-02-29T23:00:00.000Z', '2024-02-01T00:00:00.000Z'],
  ] as const)('%s candle of %s opens at %s', (interval, time, open) => {
    expect(new Date(candleOpenTime(interval, at(time))).toISOString()).toBe(open);
  });
});

describe('foldTrade', () => {
  // A hand-computed minute: open 100, high 105, low 98, close 101, volume 10, 4 trades.
  const trades: TradeTick[] = [
    { timeMs: at('2026-11-22T10:00:01Z'), price: 100n, quantity: 2n, amount: 200n },
    { timeMs: at('2026-11-22T10:00:20Z'), price: 105n, quantity: 1n, amount: 105n },
    { timeMs: at('2026-11-22T10:00:40Z'), price: 98n, quantity: 3n, amount: 294n },
    { timeMs: at('2026-11-22T10:00:59Z'), price: 101n, quantity: 4n, amount: 404n },
    { timeMs: at('2026-11-22T10:01:00Z'), price: 102n, quantity: 1n, amount: 102n },
  ];

  it('builds candles that match the hand-computed ones', () => {
    const closed: Candle[] = [];
    let current: Candle | undefined;
    for (const trade of trades) {
      const next = foldTrade('1m', current, trade);
      if (current && next.openTime !== current.openTime) closed.push(current);
      current = next;
    }
    expect(closed).toEqual([
      {
        openTime: at('2026-11-22T10:00:00Z'),
        open: 100n,
        high: 105n,
        low: 98n,
        close: 101n,
        volume: 10n,
        amount: 1003n,
        trades: 4,
      },
    ]);
    expect(current).toMatchObject({ open: 102n, close: 102n, volume: 1n, trades: 1 });
  });
});
