import { describe, expect, it } from 'vitest';
import {
  adlQuintiles,
  adlScore,
  averageEntry,
  averagePremium,
  bankruptcyPrice,
  BasisAverage,
  crossMargin,
  formatRate,
  fundingRate,
  fundingTransfers,
  impactPrice,
  initialMargin,
  isLiquidatable,
  liquidationPrice,
  maintenanceMargin,
  marginRatio,
  markPrice,
  maxLeverageFor,
  parseRate,
  premiumIndex,
  realisedPnl,
  resolveTiers,
  roe,
  takeoverResult,
  tierOf,
  unrealisedPnl,
} from './index.ts';

// USDT has 6 decimals, BTC 8: prices are micro-USDT per BTC, sizes satoshi.
const usdt = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
};
const btc = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 100_000_000n + BigInt(fraction.padEnd(8, '0'));
};
const SAT = 100_000_000n;
const rate = (text: string) => parseRate(text)!;

// The published BTCUSDT tiers (README, "Perpetual formulas").
const TIERS = resolveTiers([
  { upTo: usdt('50000'), maxLeverage: 125, maintenanceRate: rate('0.004') },
  { upTo: usdt('250000'), maxLeverage: 100, maintenanceRate: rate('0.005') },
  { upTo: usdt('1000000'), maxLeverage: 50, maintenanceRate: rate('0.01') },
  { upTo: usdt('10000000'), maxLeverage: 20, maintenanceRate: rate('0.025') },
  { upTo: null, maxLeverage: 10, maintenanceRate: rate('0.05') },
]);

describe('rates', () => {
  it('reads and writes decimal fractions exactly', () => {
    expect(parseRate('0.0001')).toBe(10_000n);
    expect(parseRate('-0.0005')).toBe(-50_000n);
    expect(parseRate('0.000000001')).toBeNull();
    expect(parseRate('1e-4')).toBeNull();
    expect(formatRate(10_000n)).toBe('0.0001');
    expect(formatRate(-50_000n)).toBe('-0.0005');
    expect(formatRate(0n)).toBe('0');
  });
});

describe('notional tiers', () => {
  it('derives each tier’s cumulative amount so maintenance is continuous', () => {
    expect(TIERS.map((t) => t.cumulative)).toEqual([
      0n,
      usdt('50'),
      usdt('1300'),
      usdt('16300'),
      usdt('266300'),
    ]);
    // At a tier's bound both formulas agree: 250,000 × 0.5 % − 50 = 250,000 × 1 % − 1,300.
    expect(maintenanceMargin(TIERS, usdt('250000'))).toBe(usdt('1200'));
    expect(maintenanceMargin(TIERS, usdt('250000.000001'))).toBe(usdt('1200.000001'));
  });

  it('reads maintenance, initial margin and the leverage limit from the tier', () => {
    expect(maintenanceMargin(TIERS, usdt('60000'))).toBe(usdt('250'));
    expect(maintenanceMargin(TIERS, usdt('20000'))).toBe(usdt('80'));
    expect(initialMargin(usdt('60000'), 10)).toBe(usdt('6000'));
    expect(initialMargin(usdt('100'), 3)).toBe(usdt('33.333334'));
    expect(maxLeverageFor(TIERS, usdt('40000'))).toBe(125);
    expect(maxLeverageFor(TIERS, usdt('60000'))).toBe(100);
    expect(maxLeverageFor(TIERS, usdt('20000000'))).toBe(10);
    expect(tierOf(TIERS, usdt('50000')).tier).toBe(1);
  });

  it('refuses a tier list that does not grow', () => {
    expect(() => resolveTiers([])).toThrow();
    expect(() =>
      resolveTiers([
        { upTo: null, maxLeverage: 10, maintenanceRate: 1n },
        { upTo: 5n, maxLeverage: 5, maintenanceRate: 2n },
      ]),
    ).toThrow();
    expect(() =>
      resolveTiers([
        { upTo: 10n, maxLeverage: 10, maintenanceRate: 5n },
        { upTo: null, maxLeverage: 5, maintenanceRate: 2n },
      ]),
    ).toThrow();
  });
});

describe('position value', () => {
  it('marks profit and loss, ROE and the average entry', () => {
    // Long 0.5 BTC from 60,000 marked at 61,234.5: 0.5 × 1,234.5 = 617.25.
    expect(unrealisedPnl('long', btc('0.5'), usdt('60000'), usdt('61234.5'), SAT)).toBe(
      usdt('617.25'),
    );
    expect(unrealisedPnl('short', btc('0.5'), usdt('60000'), usdt('61234.5'), SAT)).toBe(
      -usdt('617.25'),
    );
    // A loss of a third of a unit shows as a whole unit: never flattered.
    expect(unrealisedPnl('long', 1n, usdt('60000'), usdt('59999.999999'), 3n)).toBe(-1n);
    // 617.25 on 3,000 of margin (10x on 30,000): 20.575 %.
    expect(formatRate(roe(usdt('617.25'), usdt('3000')))).toBe('0.20575');
    // 1 BTC at 60,000 plus 1 at 61,000.000001: long rounds up, short down.
    expect(averageEntry('long', SAT, usdt('60000'), SAT, usdt('61000.000001'))).toBe(
      usdt('60500.000001'),
    );
    expect(averageEntry('short', SAT, usdt('60000'), SAT, usdt('61000.000001'))).toBe(
      usdt('60500'),
    );
    expect(realisedPnl('short', btc('0.25'), usdt('60000'), usdt('58000'), SAT)).toBe(usdt('500'));
    expect(formatRate(marginRatio(usdt('250'), usdt('1000')))).toBe('0.25');
    expect(marginRatio(usdt('250'), 0n)).toBe(100_000_000n);
  });
});

describe('liquidation', () => {
  const long = { side: 'long' as const, size: SAT, entry: usdt('60000'), margin: usdt('6000') };
  const short = { ...long, side: 'short' as const };

  it('prices an isolated 10x long and short of 1 BTC at 60,000 (tier 2)', () => {
    // Long: (6,000 + 50 − 60,000) ÷ (0.005 − 1) = 54,221.1055276…, rounded up.
    expect(liquidationPrice(long, TIERS, SAT)).toBe(usdt('54221.105528'));
    // Short: (6,000 + 50 + 60,000) ÷ (0.005 + 1) = 65,721.3930348…, rounded down.
    expect(liquidationPrice(short, TIERS, SAT)).toBe(usdt('65721.393034'));
    expect(bankruptcyPrice(long, SAT)).toBe(usdt('54000'));
    expect(bankruptcyPrice(short, SAT)).toBe(usdt('66000'));
  });

  it('liquidates at the published price and not one unit before it', () => {
    const at = liquidationPrice(long, TIERS, SAT)!;
    const check = (mark: bigint) =>
      isLiquidatable(
        long.margin + unrealisedPnl('long', SAT, long.entry, mark, SAT),
        maintenanceMargin(TIERS, (SAT * mark) / SAT),
      );
    // At 54,221.105528: margin balance 221.105528, maintenance 271.105528 − 50.
    expect(check(at)).toBe(true);
    expect(check(at + 1n)).toBe(false);
    const shortAt = liquidationPrice(short, TIERS, SAT)!;
    const checkShort = (mark: bigint) =>
      isLiquidatable(
        short.margin + unrealisedPnl('short', SAT, short.entry, mark, SAT),
        maintenanceMargin(TIERS, mark),
      );
    expect(checkShort(shortAt)).toBe(true);
    expect(checkShort(shortAt - 1n)).toBe(false);
  });

  it('moves to the next tier when the price it gives lands there', () => {
    // Short 4 BTC at 60,000 with 12,000: tier 2 would give 62,699.00…, a notional of
    // 250,796 (tier 3), so tier 3 (1 %, 1,300) prices it: 253,300 ÷ 4.04 = 62,698.0198….
    const position = {
      side: 'short' as const,
      size: btc('4'),
      entry: usdt('60000'),
      margin: usdt('12000'),
    };
    expect(liquidationPrice(position, TIERS, SAT)).toBe(usdt('62698.019801'));
  });

  it('prices a cross position with what the other positions take and give', () => {
    // Wallet 10,000; an ETH short keeps 20 of maintenance and is 100 down: 9,880 behind
    // the BTC long. (9,880 + 50 − 60,000) ÷ (0.005 − 1) = 50,321.6080402…, rounded up.
    const margin = crossMargin(usdt('10000'), [
      { maintenance: usdt('20'), unrealisedPnl: usdt('-100') },
    ]);
    expect(margin).toBe(usdt('9880'));
    expect(liquidationPrice({ ...long, margin }, TIERS, SAT)).toBe(usdt('50321.608041'));
  });

  it('has no liquidation price for a long its margin fully covers', () => {
    expect(liquidationPrice({ ...long, margin: usdt('60000') }, TIERS, SAT)).toBeNull();
    expect(bankruptcyPrice({ ...long, margin: usdt('70000') }, SAT)).toBe(0n);
  });

  it('leaves the insurance fund what the close beat the bankruptcy price by', () => {
    // Taken over at 54,000, closed as 0.6 at 54,200 and 0.4 at 54,150: 120 + 60 = 180.
    expect(
      takeoverResult(
        'long',
        usdt('54000'),
        [
          { price: usdt('54200'), size: btc('0.6') },
          { price: usdt('54150'), size: btc('0.4') },
        ],
        SAT,
      ),
    ).toBe(usdt('180'));
    // A short taken over at 66,000 closed at 66,100: the fund pays 100.
    expect(takeoverResult('short', usdt('66000'), [{ price: usdt('66100'), size: SAT }], SAT)).toBe(
      usdt('-100'),
    );
  });

  it('ranks auto-deleveraging by profit ratio times effective leverage', () => {
    // 1,000 profit on 1,000 margin, notional 20,000: ratio 1 × leverage 10 = 10.
    expect(formatRate(adlScore(usdt('1000'), usdt('1000'), usdt('20000')))).toBe('10');
    // 500 loss on 1,000 margin, notional 10,000: −0.5 ÷ 20 = −0.025.
    expect(formatRate(adlScore(usdt('-500'), usdt('1000'), usdt('10000')))).toBe('-0.025');
    const scores = new Map([
      ['a', 5n],
      ['b', 1n],
      ['c', 9n],
      ['d', 3n],
      ['e', 7n],
    ]);
    const q = adlQuintiles([...scores.keys()], (id) => scores.get(id)!);
    expect(['a', 'b', 'c', 'd', 'e'].map((id) => q.get(id))).toEqual([3, 1, 5, 2, 4]);
  });
});

describe('mark price', () => {
  const base = {
    index: usdt('60000'),
    fundingRate: rate('0.0001'),
    msToFunding: 4 * 3_600_000,
    intervalMs: 8 * 3_600_000,
  };

  it('is the median of carried index, index plus basis, and last price', () => {
    // Carried: 60,000 × (1 + 0.0001 × 4/8) = 60,003; index + basis = 60,010; last 60,050.
    expect(markPrice({ ...base, basis: usdt('10'), lastPrice: usdt('60050') })).toBe(usdt('60010'));
    // One wild trade does not move it: last 70,000 → still the middle, 60,010.
    expect(markPrice({ ...base, basis: usdt('10'), lastPrice: usdt('70000') })).toBe(usdt('60010'));
    // A last price between the other two is the mark.
    expect(markPrice({ ...base, basis: usdt('10'), lastPrice: usdt('60005') })).toBe(usdt('60005'));
    // Not traded yet: the index stands in for the last price.
    expect(markPrice({ ...base, basis: usdt('10'), lastPrice: null })).toBe(usdt('60003'));
  });

  it('averages the basis over the last 30 seconds only', () => {
    const basis = new BasisAverage();
    basis.add(0, usdt('60020'), usdt('60000'));
    basis.add(10_000, usdt('60040'), usdt('60000'));
    expect(basis.value(10_000)).toBe(usdt('30'));
    basis.add(31_000, usdt('60000'), usdt('60010'));
    // The first sample is out: (40 − 10) ÷ 2.
    expect(basis.value(31_000)).toBe(usdt('15'));
    expect(basis.value(100_000)).toBe(0n);
  });
});

describe('funding', () => {
  it('finds the impact prices from the book', () => {
    const asks = [
      [usdt('60010'), btc('0.01')],
      [usdt('60020'), btc('0.05')],
    ] as const;
    // 1,200 USDT: 600.10 at 60,010 and 599.90 at 60,020 (0.00999500 BTC): average
    // 1,200 ÷ 0.019995 = 60,015.003750….
    expect(impactPrice(asks, usdt('1200'), SAT)).toBe(usdt('60015.003750'));
    expect(impactPrice(asks, usdt('100000'), SAT)).toBeNull();
  });

  it('computes the premium from the impact prices and the index', () => {
    // Impact bid 60,030 above the index 60,000: +0.05 %.
    expect(formatRate(premiumIndex(usdt('60030'), usdt('60040'), usdt('60000')))).toBe('0.0005');
    // Impact ask 59,994 below it: −0.01 %.
    expect(formatRate(premiumIndex(usdt('59990'), usdt('59994'), usdt('60000')))).toBe('-0.0001');
    // Spread around the index: no premium; a thin side counts as the index.
    expect(premiumIndex(usdt('59990'), usdt('60010'), usdt('60000'))).toBe(0n);
    expect(premiumIndex(null, null, usdt('60000'))).toBe(0n);
  });

  it('weights later samples more', () => {
    // (1×0.0001 + 2×0.0002 + 3×0.0004) ÷ 6 = 0.00028333…
    expect(averagePremium([rate('0.0001'), rate('0.0002'), rate('0.0004')])).toBe(28_333n);
    expect(averagePremium([])).toBe(0n);
  });

  it('clamps interest minus premium to ±0.05 %, then caps the rate', () => {
    const interest = rate('0.0001');
    const cap = rate('0.0075');
    // Not hit: 0.0002 + clamp(−0.0001) = 0.0001.
    expect(formatRate(fundingRate(rate('0.0002'), interest, cap))).toBe('0.0001');
    // Hit: 0.001 + clamp(−0.0009 → −0.0005) = 0.0005.
    expect(formatRate(fundingRate(rate('0.001'), interest, cap))).toBe('0.0005');
    // Hit the other way: −0.0008 + clamp(0.0009 → 0.0005) = −0.0003.
    expect(formatRate(fundingRate(rate('-0.0008'), interest, cap))).toBe('-0.0003');
    // Capped: 0.02 − 0.0005 = 0.0195 → 0.0075.
    expect(formatRate(fundingRate(rate('0.02'), interest, cap))).toBe('0.0075');
  });

  it('moves money only between longs and shorts, exactly', () => {
    const positions = [
      { id: 'a', side: 'long' as const, size: btc('1') },
      { id: 'b', side: 'long' as const, size: btc('0.5') },
      { id: 'c', side: 'short' as const, size: btc('1.5') },
    ];
    const paid = fundingTransfers(positions, usdt('60000'), rate('0.0001'), SAT);
    expect(Object.fromEntries(paid)).toEqual({ a: -usdt('6'), b: -usdt('3'), c: usdt('9') });
    // A negative rate: shorts pay longs.
    const back = fundingTransfers(positions, usdt('60000'), rate('-0.0001'), SAT);
    expect(Object.fromEntries(back)).toEqual({ a: usdt('6'), b: usdt('3'), c: -usdt('9') });
  });

  it('splits what was paid by notional, units left over to the largest remainders', () => {
    // 2 BTC long at 50,000 pays 100,000 × 0.00000001 = 0.001 USDT (1,000 units) to three
    // shorts of a third each: 333 + 333 + 333 and one unit left, to the largest remainder.
    const positions = [
      { id: 'long', side: 'long' as const, size: btc('2') },
      { id: 'c', side: 'short' as const, size: 66_666_666n },
      { id: 'd', side: 'short' as const, size: 66_666_667n },
      { id: 'e', side: 'short' as const, size: 66_666_667n },
    ];
    const paid = fundingTransfers(positions, usdt('50000'), 1n, SAT);
    expect(Object.fromEntries(paid)).toEqual({ long: -1000n, c: 333n, d: 334n, e: 333n });
    expect([...paid.values()].reduce((a, b) => a + b, 0n)).toBe(0n);
    expect(fundingTransfers(positions, usdt('50000'), 0n, SAT).size).toBe(0);
    expect(fundingTransfers(positions.slice(0, 1), usdt('50000'), 1n, SAT).size).toBe(0);
  });
});
