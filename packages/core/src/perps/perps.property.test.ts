import fc from 'fast-check';
import { expect, it } from 'vitest';
import {
  fundingTransfers,
  isLiquidatable,
  liquidationPrice,
  maintenanceMargin,
  notionalOf,
  resolveTiers,
  unrealisedPnl,
} from './index.ts';

const SAT = 100_000_000n;
const M = 1_000_000n;
const TIERS = resolveTiers([
  { upTo: 50_000n * M, maxLeverage: 125, maintenanceRate: 400_000n },
  { upTo: 250_000n * M, maxLeverage: 100, maintenanceRate: 500_000n },
  { upTo: 1_000_000n * M, maxLeverage: 50, maintenanceRate: 1_000_000n },
  { upTo: null, maxLeverage: 20, maintenanceRate: 2_500_000n },
]);

it('funding sums to zero and no payer pays more than its notional times the rate', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          side: fc.constantFrom('long' as const, 'short' as const),
          size: fc.bigInt({ min: 1n, max: 500n * SAT }),
        }),
        { minLength: 1, maxLength: 30 },
      ),
      fc.bigInt({ min: 1n * M, max: 200_000n * M }),
      fc.bigInt({ min: -750_000n, max: 750_000n }),
      (rows, mark, rate) => {
        const positions = rows.map((r, i) => ({ id: String(i), ...r }));
        const paid = fundingTransfers(positions, mark, rate, SAT);
        expect([...paid.values()].reduce((a, b) => a + b, 0n)).toBe(0n);
        const magnitude = rate < 0n ? -rate : rate;
        for (const p of positions) {
          const amount = paid.get(p.id) ?? 0n;
          const payer = rate > 0n === (p.side === 'long');
          if (payer) {
            expect(amount <= 0n).toBe(true);
            expect(-amount <= (notionalOf(p.size, mark, SAT) * magnitude) / 100_000_000n).toBe(
              true,
            );
          } else expect(amount >= 0n).toBe(true);
        }
      },
    ),
  );
});

it('liquidates at the published price and not one unit on the safe side of it', () => {
  fc.assert(
    fc.property(
      fc.constantFrom('long' as const, 'short' as const),
      fc.bigInt({ min: SAT / 1000n, max: 50n * SAT }),
      fc.bigInt({ min: 1_000n * M, max: 100_000n * M }),
      fc.integer({ min: 2, max: 100 }),
      (side, size, entry, leverage) => {
        const margin = notionalOf(size, entry, SAT) / BigInt(leverage);
        const at = liquidationPrice({ side, size, entry, margin }, TIERS, SAT);
        if (at === null) return;
        const liquidated = (mark: bigint) =>
          isLiquidatable(
            margin + unrealisedPnl(side, size, entry, mark, SAT),
            maintenanceMargin(TIERS, notionalOf(size, mark, SAT)),
          );
        // Profit, notional and maintenance each round to whole units of money, so the check
        // is exact to within a few units: "safe" is three units of money's worth of price away.
        const step = (3n * SAT) / size + 3n;
        const safe = side === 'long' ? at + step : at - step;
        expect(liquidated(safe)).toBe(false);
        const past = side === 'long' ? at - 1n : at + 1n;
        expect(liquidated(past)).toBe(true);
      },
    ),
  );
});
