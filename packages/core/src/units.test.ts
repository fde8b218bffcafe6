import { describe, expect, it } from 'vitest';
import { formatUnits, parseUnits, UnitsError } from './units.ts';

describe('parseUnits', () => {
  it.each([
    ['0', 8, 0n],
    ['1', 8, 100000000n],
    ['1.5', 8, 150000000n],
    ['0.00000001', 8, 1n],
    ['00012.50', 2, 1250n],
    ['1.230000', 2, 123n],
    ['123456789012345678901234567890', 0, 123456789012345678901234567890n],
  ])('reads %s with %i decimals as %s', (text, decimals, units) => {
    expect(parseUnits(text, decimals)).toBe(units);
  });

  it.each([
    '',
    '.5',
    '5.',
    '1e3',
    'NaN',
    'Infinity',
    ' 1',
    '1 ',
    '+1',
    '1.2.3',
    '0x10',
    'abc',
    '1,000',
  ])('refuses %j as a number', (text) => {
    expect(() => parseUnits(text, 8)).toThrow(UnitsError);
  });

  it('refuses more decimals than the asset has instead of rounding', () => {
    expect(() => parseUnits('0.001', 2)).toThrow(/at most 2 decimal places/);
  });

  it('refuses negatives unless asked, and treats -0 as zero', () => {
    expect(() => parseUnits('-1', 2)).toThrow(/negative/);
    expect(parseUnits('-1.25', 2, { allowNegative: true })).toBe(-125n);
    expect(parseUnits('-0.00', 2, { allowNegative: true })).toBe(0n);
  });

  it('refuses values past the maximum', () => {
    expect(parseUnits('10', 2, { max: 1000n })).toBe(1000n);
    expect(() => parseUnits('10.01', 2, { max: 1000n })).toThrow(/maximum/);
  });
});

describe('formatUnits', () => {
  it.each([
    [0n, 8, '0'],
    [1n, 8, '0.00000001'],
    [150000000n, 8, '1.5'],
    [1250n, 2, '12.5'],
    [-125n, 2, '-1.25'],
    [42n, 0, '42'],
  ])('writes %s with %i decimals as %s', (units, decimals, text) => {
    expect(formatUnits(units, decimals)).toBe(text);
  });

  it('round-trips every canonical string', () => {
    for (const text of ['0', '0.1', '7.00000001', '99999999999.99999999']) {
      expect(formatUnits(parseUnits(text, 8), 8)).toBe(text);
    }
  });
});
