import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, type Rounding } from './decimal.ts';

const d = (text: string) => {
  const value = Decimal.parse(text);
  if (!value) throw new Error(`bad test value ${text}`);
  return value;
};

const MODES: Rounding[] = ['down', 'up', 'floor', 'ceil', 'half-even', 'half-up'];

describe('rounding to a whole number', () => {
  // Columns follow MODES: down, up, floor, ceil, half-even, half-up.
  it.each([
    ['5.5', '5', '6', '5', '6', '6', '6'],
    ['3.5', '3', '4', '3', '4', '4', '4'],
    ['2.5', '2', '3', '2', '3', '2', '3'],
    ['1.6', '1', '2', '1', '2', '2', '2'],
    ['1.1', '1', '2', '1', '2', '1', '1'],
    ['1.0', '1', '1', '1', '1', '1', '1'],
    ['0.5', '0', '1', '0', '1', '0', '1'],
    ['0.4', '0', '1', '0', '1', '0', '0'],
    ['0', '0', '0', '0', '0', '0', '0'],
    ['-0.4', '0', '-1', '-1', '0', '0', '0'],
    ['-0.5', '0', '-1', '-1', '0', '0', '-1'],
    ['-1.0', '-1', '-1', '-1', '-1', '-1', '-1'],
    ['-1.1', '-1', '-2', '-2', '-1', '-1', '-1'],
    ['-1.6', '-1', '-2', '-2', '-1', '-2', '-2'],
    ['-2.5', '-2', '-3', '-3', '-2', '-2', '-3'],
    ['-3.5', '-3', '-4', '-4', '-3', '-4', '-4'],
    ['-5.5', '-5', '-6', '-6', '-5', '-6', '-6'],
  ])('%s', (value, ...expected) => {
    expect(MODES.map((mode) => d(value).rescale(0, mode).toString())).toEqual(expected);
  });
});

describe('rounding to decimals', () => {
  it.each([
    ['-1.01', 1, 'floor', '-1.1'],
    ['-1.01', 1, 'ceil', '-1'],
    ['-1.01', 1, 'down', '-1'],
    ['-1.01', 1, 'up', '-1.1'],
    ['1.01', 1, 'floor', '1'],
    ['1.01', 1, 'ceil', '1.1'],
    ['0.125', 2, 'half-even', '0.12'],
    ['0.135', 2, 'half-even', '0.14'],
    ['-0.125', 2, 'half-even', '-0.12'],
    ['-0.125', 2, 'half-up', '-0.13'],
    ['0.12501', 2, 'half-even', '0.13'],
    ['-0.12499', 2, 'half-up', '-0.12'],
    ['9.9999', 2, 'half-up', '10'],
    ['-9.9999', 3, 'floor', '-10'],
    ['-0.001', 2, 'down', '0'],
    ['-0.001', 2, 'half-even', '0'],
  ] as const)('%s at %i decimals, %s: %s', (value, decimals, mode, expected) => {
    const rounded = d(value).rescale(decimals, mode);
    expect(rounded.scale).toBe(decimals);
    expect(rounded.toString()).toBe(expected);
  });

  it('pads without rounding when the scale grows', () => {
    const padded = d('1.5').rescale(4, 'down');
    expect([padded.units, padded.scale]).toEqual([15000n, 4]);
  });

  it('refuses a scale that is not a whole number from 0', () => {
    expect(() => d('1.5').rescale(-1, 'down')).toThrow(RangeError);
    expect(() => d('1.5').rescale(0.5, 'down')).toThrow(RangeError);
    expect(() => Decimal.fromUnits(1n, -2)).toThrow(RangeError);
  });
});

describe('reading', () => {
  it.each([
    ['0', 0n, 0],
    ['1.50', 150n, 2],
    ['-0012.5', -125n, 1],
    ['-0.00', 0n, 2],
    ['123456789012345678901234567890.123456789', 123456789012345678901234567890123456789n, 9],
  ])('reads %s strictly at its written scale', (text, units, scale) => {
    const value = d(text);
    expect([value.units, value.scale]).toEqual([units, scale]);
  });

  it.each(['', '.5', '5.', '+1', '1e3', ' 1', '1 ', '--1', '1.2.3', 'NaN', '0x10', '1,000'])(
    'refuses %j strictly',
    (text) => {
      expect(Decimal.parse(text)).toBeNull();
    },
  );

  it.each([
    ['12.50', '12.5'],
    [' -0.5 ', '-0.5'],
    ['+1', '1'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['-.5', '-0.5'],
    ['1e6', '1000000'],
    ['1.5E-7', '0.00000015'],
    ['-12.5e+2', '-1250'],
    ['-0', '0'],
  ])('reads %j leniently as %s', (text, expected) => {
    expect(Decimal.parseLenient(text)?.toString()).toBe(expected);
  });

  it.each(['', '.', '-', 'e5', '1e', '1.2.3', 'abc', '1 000', 'Infinity'])(
    'refuses %j leniently',
    (text) => {
      expect(Decimal.parseLenient(text)).toBeNull();
    },
  );
});

describe('arithmetic', () => {
  it('adds, subtracts and multiplies exactly, keeping the scale', () => {
    expect(d('0.1').plus(d('0.2')).toString()).toBe('0.3');
    expect(d('1.50').minus(d('2')).toFixed(2, 'down')).toBe('-0.50');
    const product = d('1.5').times(d('-0.25'));
    expect([product.units, product.scale]).toEqual([-375n, 3]);
  });

  it('divides at the asked scale with the asked rounding', () => {
    expect(d('1').dividedBy(d('3'), 4, 'down').toString()).toBe('0.3333');
    expect(d('1').dividedBy(d('3'), 4, 'up').toString()).toBe('0.3334');
    expect(d('-1').dividedBy(d('3'), 4, 'floor').toString()).toBe('-0.3334');
    expect(d('2').dividedBy(d('-3'), 2, 'ceil').toString()).toBe('-0.66');
    expect(d('1000').dividedBy(d('0.7'), 0, 'half-even').toString()).toBe('1429');
    expect(d('0.5').dividedBy(d('4'), 2, 'half-even').toString()).toBe('0.12');
    expect(d('0.123').dividedBy(d('10'), 1, 'half-up').toString()).toBe('0');
    expect(() => d('1').dividedBy(d('0.00'), 2, 'down')).toThrow(RangeError);
  });

  it('knows sign, zero and order by value, not by scale', () => {
    expect([d('-2').sign(), d('0.000').sign(), d('3').sign()]).toEqual([-1, 0, 1]);
    expect(d('-0.0').isZero()).toBe(true);
    expect(d('-2.5').abs().toString()).toBe('2.5');
    expect(d('2.5').negate().toString()).toBe('-2.5');
    expect(d('1.50').eq(d('1.5'))).toBe(true);
    expect(d('0.1').lt(d('0.10000000000000001'))).toBe(true);
    expect(d('-2').gt(d('-10'))).toBe(true);
    expect(d('9').compare(d('10'))).toBe(-1);
  });

  it('rounds down to a whole number of steps', () => {
    expect(d('1.23456').floorToStep(d('0.01')).toString()).toBe('1.23');
    expect(d('1.3').floorToStep(d('0.25')).toString()).toBe('1.25');
    expect(d('-1.231').floorToStep(d('0.01')).toString()).toBe('-1.24');
    expect(d('1500').floorToStep(d('1000')).toString()).toBe('1000');
    expect(() => d('1').floorToStep(d('0'))).toThrow(RangeError);
  });

  it('refuses to become a JS number', () => {
    expect(() => Number(d('0.1'))).toThrow(TypeError);
    expect(`${d('0.10')}`).toBe('0.1');
  });
});

describe('writing', () => {
  it.each([
    ['0.000', '0'],
    ['-0.00', '0'],
    ['1.2300', '1.23'],
    ['-100', '-100'],
    ['0.00000001', '0.00000001'],
  ])('%s is written %s', (text, expected) => {
    expect(d(text).toString()).toBe(expected);
  });

  it('pads or rounds to fixed decimals, never writing -0', () => {
    expect(d('1.5').toFixed(4, 'down')).toBe('1.5000');
    expect(d('2.345').toFixed(2, 'half-even')).toBe('2.34');
    expect(d('12').toFixed(0, 'down')).toBe('12');
    expect(d('-0.004').toFixed(2, 'half-up')).toBe('0.00');
    expect(Decimal.fromUnits(-5n, 3).toFixed(2, 'up')).toBe('-0.01');
  });

  it('knows the fraction digits a value needs', () => {
    expect(d('0.0100').decimalPlaces()).toBe(2);
    expect(d('100').decimalPlaces()).toBe(0);
    expect(d('0.000').decimalPlaces()).toBe(0);
  });
});

describe('properties', () => {
  const decimal = fc
    .record({
      units: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
      scale: fc.integer({ min: 0, max: 18 }),
    })
    .map(({ units, scale }) => Decimal.fromUnits(units, scale));
  const mode = fc.constantFrom(...MODES);
  const lower = (x: Decimal) => fc.integer({ min: 0, max: x.scale });

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(decimal, (x) => {
        expect(Decimal.parse(x.toString())?.eq(x)).toBe(true);
        expect(Decimal.parseLenient(x.toString())?.eq(x)).toBe(true);
      }),
    );
  });

  it('undoes an addition with a subtraction', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        expect(a.plus(b).minus(b).eq(a)).toBe(true);
        expect(a.minus(b).sign()).toBe(a.compare(b));
      }),
    );
  });

  it('loses nothing going to more decimals and back, in any mode', () => {
    fc.assert(
      fc.property(decimal, fc.integer({ min: 0, max: 12 }), mode, mode, (x, more, up, down) => {
        const back = x.rescale(x.scale + more, up).rescale(x.scale, down);
        expect([back.units, back.scale]).toEqual([x.units, x.scale]);
      }),
    );
  });

  it('rounds half-even as a floor-based bigint reference does', () => {
    fc.assert(
      fc.property(
        decimal.chain((x) => fc.tuple(fc.constant(x), lower(x))),
        ([x, scale]) => {
          const divisor = 10n ** BigInt(x.scale - scale);
          // Floor division, so the remainder is never negative.
          let q = x.units / divisor;
          if (q * divisor > x.units) q -= 1n;
          const twice = 2n * (x.units - q * divisor);
          const odd = q % 2n !== 0n;
          const expected = twice > divisor || (twice === divisor && odd) ? q + 1n : q;
          expect(x.rescale(scale, 'half-even').units).toBe(expected);
        },
      ),
    );
  });

  it('never grows the magnitude rounding down, never shrinks it rounding up', () => {
    fc.assert(
      fc.property(
        decimal.chain((x) => fc.tuple(fc.constant(x), lower(x))),
        ([x, scale]) => {
          expect(x.rescale(scale, 'down').abs().gt(x.abs())).toBe(false);
          expect(x.rescale(scale, 'up').abs().lt(x.abs())).toBe(false);
        },
      ),
    );
  });

  it('brackets the value between floor and ceil, one unit apart at most', () => {
    fc.assert(
      fc.property(
        decimal.chain((x) => fc.tuple(fc.constant(x), lower(x))),
        ([x, scale]) => {
          const floor = x.rescale(scale, 'floor');
          const ceil = x.rescale(scale, 'ceil');
          expect(floor.gt(x) || x.gt(ceil)).toBe(false);
          const gap = ceil.minus(floor);
          expect(gap.isZero() || gap.eq(Decimal.fromUnits(1n, scale))).toBe(true);
          expect(gap.isZero()).toBe(floor.eq(x));
        },
      ),
    );
  });

  it('brackets a quotient between its floor and ceil', () => {
    const divisor = decimal.filter((x) => !x.isZero()).map((x) => x.abs());
    fc.assert(
      fc.property(decimal, divisor, fc.integer({ min: 0, max: 12 }), (a, b, scale) => {
        const floor = a.dividedBy(b, scale, 'floor');
        const ceil = a.dividedBy(b, scale, 'ceil');
        expect(floor.times(b).gt(a) || a.gt(ceil.times(b))).toBe(false);
        const gap = ceil.minus(floor);
        expect(gap.isZero() || gap.eq(Decimal.fromUnits(1n, scale))).toBe(true);
      }),
    );
  });
});
