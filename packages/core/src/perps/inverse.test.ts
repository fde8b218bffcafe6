import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  inverseAverageEntry,
  inverseBankruptcyPrice,
  inverseExposure,
  inverseLiquidationPrice,
  inverseNotional,
  inversePnl,
} from './inverse.ts';
import { inverseArithmetic, linearArithmetic } from './arithmetic.ts';
import { maintenanceMargin, resolveTiers } from './tiers.ts';

// BTCUSD: 100 USD a contract (USD in 6 decimals), margin in satoshis.
const SAT = 100_000_000n;
const USD = 1_000_000n;
const usd = (n: number) => BigInt(n) * USD;
const K = (contracts: number) => inverseExposure(BigInt(contracts), 100n * USD, SAT);
const TIERS = resolveTiers([
  { upTo: 5n * SAT, maxLeverage: 125, maintenanceRate: 400_000n },
  { upTo: 10n * SAT, maxLeverage: 100, maintenanceRate: 500_000n },
  { upTo: null, maxLeverage: 50, maintenanceRate: 1_000_000n },
]);

describe('inverse contracts: worked examples', () => {
  it('values 100 contracts (10,000 USD) at 0.2 BTC at 50,000 and 0.18181818 BTC at 55,000', () => {
    expect(inverseNotional(K(100), usd(50_000))).toBe(20_000_000n);
    expect(inverseNotional(K(100), usd(55_000))).toBe(18_181_818n);
  });

  it('pays 10,000 × (1/50,000 − 1/55,000) = 0.01818181 BTC to a long, the same loss to a short', () => {
    expect(inversePnl('long', K(100), usd(50_000), usd(55_000))).toBe(1_818_181n);
    // A loss is rounded toward −∞: never shown a unit smaller than it is.
    expect(inversePnl('short', K(100), usd(50_000), usd(55_000))).toBe(-1_818_182n);
    // A fall of the same size costs the long more coin than the rise paid: 10,000 ×
    // (1/50,000 − 1/45,000) = −0.02222222 BTC.
    expect(inversePnl('long', K(100), usd(50_000), usd(45_000))).toBe(-2_222_223n);
  });

  it('enters at the harmonic mean: 100 at 50,000 and 100 at 40,000 is 44,444.444445 for a long', () => {
    expect(inverseAverageEntry('long', 100n, usd(50_000), 100n, usd(40_000))).toBe(44_444_444_445n);
    expect(inverseAverageEntry('short', 100n, usd(50_000), 100n, usd(40_000))).toBe(
      44_444_444_444n,
    );
  });

  it('liquidates a 10x long at 45,636.363637 and a 10x short at 55,333.333333 (tier 1)', () => {
    // Margin 0.02 BTC: P = K·E·(1 ± 0.004) ÷ (M·E ± K).
    const margin = 2_000_000n;
    expect(inverseLiquidationPrice('long', K(100), usd(50_000), margin, TIERS)).toBe(
      45_636_363_637n,
    );
    expect(inverseLiquidationPrice('short', K(100), usd(50_000), margin, TIERS)).toBe(
      55_333_333_333n,
    );
  });

  it('goes bankrupt at 45,454.545455 (long) and 55,555.555555 (short); a 1x short never', () => {
    const margin = 2_000_000n;
    expect(inverseBankruptcyPrice('long', K(100), usd(50_000), margin)).toBe(45_454_545_455n);
    expect(inverseBankruptcyPrice('short', K(100), usd(50_000), margin)).toBe(55_555_555_555n);
    expect(inverseBankruptcyPrice('short', K(100), usd(50_000), 20_000_000n)).toBeNull();
    expect(inverseLiquidationPrice('short', K(100), usd(50_000), 20_000_000n, TIERS)).toBeNull();
    // The margin at bankruptcy is gone, not more.
    const p = inverseBankruptcyPrice('long', K(100), usd(50_000), margin)!;
    expect(margin + inversePnl('long', K(100), usd(50_000), p)).toBeGreaterThanOrEqual(0n);
  });

  it('uses the tier the notional at the liquidation price falls in (a 6 BTC position: tier 2)', () => {
    // 3,000 contracts = 300,000 USD = 6 BTC at 50,000, 20x: margin 0.3 BTC.
    const price = inverseLiquidationPrice('long', K(3_000), usd(50_000), 30_000_000n, TIERS)!;
    const notional = inverseNotional(K(3_000), price);
    expect(notional > 5n * SAT && notional <= 10n * SAT).toBe(true);
    // At that price the margin balance has just reached the maintenance margin.
    const balance = 30_000_000n + inversePnl('long', K(3_000), usd(50_000), price);
    const maintenance = maintenanceMargin(TIERS, notional);
    expect(balance - maintenance).toBeLessThanOrEqual(1n);
    expect(balance - maintenance).toBeGreaterThanOrEqual(-1n);
  });
});

describe('average fill price', () => {
  it('is contract-weighted for linear fills and harmonic for inverse ones', () => {
    const fills: Array<[number, bigint]> = [
      [100, usd(50_000)],
      [100, usd(40_000)],
    ];
    for (const [arithmetic, expected] of [
      [linearArithmetic(100_000n, SAT), usd(45_000)],
      [inverseArithmetic(100n * USD, SAT), 44_444_444_444n],
    ] as const) {
      const weight = fills.reduce((sum, [c, p]) => sum + arithmetic.fillWeight(c, p), 0n);
      expect(arithmetic.averagePrice(200, weight)).toBe(expected);
    }
  });
});

describe('inverse contracts: properties', () => {
  it('at the liquidation price the margin balance meets the maintenance margin, within a unit or two', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('long' as const, 'short' as const),
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 10_000, max: 100_000 }),
        fc.integer({ min: 2, max: 100 }),
        (side, contracts, entryUsd, leverage) => {
          const entry = usd(entryUsd);
          const exposure = K(contracts);
          const margin = inverseNotional(exposure, entry) / BigInt(leverage);
          const price = inverseLiquidationPrice(side, exposure, entry, margin, TIERS);
          if (price === null) return;
          const balance = margin + inversePnl(side, exposure, entry, price);
          const maintenance = maintenanceMargin(TIERS, inverseNotional(exposure, price));
          // One price unit moves the balance by about K ÷ P²; rounding the price toward the
          // entry leaves the balance at most that (and a unit of each rounding) above.
          const step = exposure / (price * price) + 2n;
          expect(balance - maintenance).toBeGreaterThanOrEqual(-2n);
          expect(balance - maintenance).toBeLessThanOrEqual(step);
        },
      ),
    );
  });
});
