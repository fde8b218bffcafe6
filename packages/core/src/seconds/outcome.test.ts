import { describe, expect, it } from 'vitest';
import { chargeAmount, lossAmount, outcomeOf, settle, winAmount } from './outcome.ts';

// Stakes in USDT minor units (6 decimals): 100 USDT = 100_000_000.
const STAKE = 100_000_000n;
const TERMS = { stake: STAKE, profitBps: 2_000, lossBps: 2_000 };

describe('second contract outcome', () => {
  it('up and a higher close wins the stake back plus stake x profit rate', () => {
    // 100 USDT up at 65000.00, closing 65000.01: 100 + 100 x 20 % = 120 USDT back.
    expect(settle('up', 65_000_000_000n, 65_000_010_000n, TERMS)).toEqual({
      outcome: 'win',
      payout: 120_000_000n,
      pnl: 20_000_000n,
    });
  });

  it('down and a lower close wins; down and a higher close loses stake x loss rate', () => {
    expect(settle('down', 3_200_000_000n, 3_199_990_000n, TERMS).payout).toBe(120_000_000n);
    // 100 USDT down, the index rises: 20 USDT to the pool, 80 back.
    expect(settle('down', 3_200_000_000n, 3_200_010_000n, TERMS)).toEqual({
      outcome: 'loss',
      payout: 80_000_000n,
      pnl: -20_000_000n,
    });
  });

  it('an equal close returns the stake whole, whichever the direction', () => {
    for (const direction of ['up', 'down'] as const) {
      expect(settle(direction, 1_000n, 1_000n, TERMS)).toEqual({
        outcome: 'tie',
        payout: STAKE,
        pnl: 0n,
      });
    }
  });

  it('a full loss rate forfeits the whole stake', () => {
    const all = { stake: 10_000_000n, profitBps: 8_500, lossBps: 10_000 };
    expect(settle('up', 5n, 4n, all)).toEqual({ outcome: 'loss', payout: 0n, pnl: -10_000_000n });
    expect(settle('up', 5n, 6n, all).payout).toBe(18_500_000n);
  });

  it('rounds products down to the unit', () => {
    // 0.000007 USDT at 33.33 %: 2.3331 units, so 2 units either way.
    const tiny = { stake: 7n, profitBps: 3_333, lossBps: 3_333 };
    expect(winAmount(tiny)).toBe(2n);
    expect(lossAmount(tiny)).toBe(2n);
    expect(chargeAmount(10_000_000n, 20)).toBe(20_000n);
    expect(chargeAmount(49n, 20)).toBe(0n);
  });

  it('reads direction against the open price', () => {
    expect(outcomeOf('up', 10n, 11n)).toBe('win');
    expect(outcomeOf('up', 10n, 9n)).toBe('loss');
    expect(outcomeOf('down', 10n, 9n)).toBe('win');
    expect(outcomeOf('down', 10n, 11n)).toBe('loss');
  });
});
