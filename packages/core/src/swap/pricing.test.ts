import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUnits } from '../units.ts';
import { BPS, priceSwap, RATE_EXTRA_DECIMALS, type SwapLeg } from './pricing.ts';

const USDT: SwapLeg = { decimals: 6, price: 1_000000n };
const btc = (usdt: bigint): SwapLeg => ({ decimals: 8, price: usdt * 1_000000n });
const terms = { spreadBps: 50, feeBps: 10 };

describe('swap pricing', () => {
  it('0.01 BTC at an index of 97,000 USDT: 965.15 gross, 0.96515 fee, 964.18485 net', () => {
    const p = priceSwap(btc(97_000n), USDT, 1_000_000n, terms);
    expect(formatUnits(p.gross, 6)).toBe('965.15');
    expect(formatUnits(p.fee, 6)).toBe('0.96515');
    expect(formatUnits(p.net, 6)).toBe('964.18485');
    expect(formatUnits(p.rate, 6 + RATE_EXTRA_DECIMALS)).toBe('96515');
  });

  it('1000 USDT to BTC at 97,000: 0.01025773 BTC gross, rounded down from 0.010257731…', () => {
    const p = priceSwap(USDT, btc(97_000n), 1000_000000n, terms);
    // 1000 × 0.995 / 97000 = 0.0102577319…
    expect(p.gross).toBe(1_025_773n);
    expect(p.fee).toBe(1_025n);
    expect(p.net).toBe(1_024_748n);
    expect(formatUnits(p.rate, 8 + RATE_EXTRA_DECIMALS)).toBe('0.0000102577319587');
  });

  it('between two coins priced in USDT: 1 ETH at 3,500 to BTC at 70,000 is 0.04975 BTC', () => {
    const eth: SwapLeg = { decimals: 8, price: 3_500_000000n };
    const p = priceSwap(eth, btc(70_000n), 100_000_000n, { spreadBps: 50, feeBps: 0 });
    expect(formatUnits(p.gross, 8)).toBe('0.04975');
    expect(p.fee).toBe(0n);
    expect(p.net).toBe(p.gross);
  });

  it('a fee that rounds to nothing is no fee: the user is never charged a rounded-up fee', () => {
    const p = priceSwap(USDT, USDT, 999n, { spreadBps: 0, feeBps: 10 });
    expect(p).toMatchObject({ gross: 999n, fee: 0n, net: 999n });
  });

  it('refuses terms and prices no swap can be priced with', () => {
    expect(() => priceSwap(USDT, USDT, 1n, { spreadBps: -1, feeBps: 0 })).toThrow(RangeError);
    expect(() => priceSwap(USDT, USDT, 1n, { spreadBps: 0, feeBps: 10_000 })).toThrow(RangeError);
    expect(() => priceSwap(USDT, USDT, 1n, { spreadBps: 0.5, feeBps: 0 })).toThrow(RangeError);
    expect(() => priceSwap({ decimals: 8, price: 0n }, USDT, 1n, terms)).toThrow(RangeError);
    expect(() => priceSwap(USDT, USDT, -1n, terms)).toThrow(RangeError);
  });

  it('converts at most one unit below the exact figure and never charges above the published rates', () => {
    const leg = fc.record({
      decimals: fc.integer({ min: 0, max: 18 }),
      price: fc.bigInt({ min: 1n, max: 10n ** 15n }),
    });
    fc.assert(
      fc.property(
        leg,
        leg,
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 9999 }),
        (from, to, amountIn, spreadBps, feeBps) => {
          const p = priceSwap(from, to, amountIn, { spreadBps, feeBps });
          const kept = BPS - BigInt(spreadBps);
          const value = amountIn * from.price * 10n ** BigInt(to.decimals) * kept;
          // Gross × G against the exact gross × G, in integers.
          const G = 10n ** BigInt(from.decimals) * to.price * BPS;
          expect(p.gross * G <= value).toBe(true);
          expect((p.gross + 1n) * G > value).toBe(true);
          // The user never receives a whole unit less than the exact net (it may be a
          // fraction more: a fee rounded down is the user's).
          expect((p.net + 1n) * G * BPS > value * (BPS - BigInt(feeBps))).toBe(true);
          // The fee is never more than the published rate of what was converted.
          expect(p.fee * BPS <= p.gross * BigInt(feeBps)).toBe(true);
          expect(p.gross - p.fee).toBe(p.net);
        },
      ),
    );
  });
});
