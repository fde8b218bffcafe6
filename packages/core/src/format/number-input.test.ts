import { describe, expect, it } from 'vitest';
import { sanitizeNumberInput } from './number-input.ts';

describe('sanitizeNumberInput', () => {
  it.each([
    ['123', 2, '123'],
    ['12.345', 2, '12.34'],
    ['12.345', 0, '12'],
    ['12.', 2, '12.'],
    ['12.', 0, '12'],
    ['00012.50', 2, '12.50'],
    ['00012.50', 1, '12.5'],
    ['000', 2, '0'],
    ['000.5', 2, '0.5'],
    ['0.0001', 8, '0.0001'],
    ['.5', 2, '5'],
    ['..5', 2, '5'],
    ['1.2.3', 8, '1.23'],
    ['1.2.3', 0, '1'],
    ['abc', 2, ''],
    ['1a2b.3c', 4, '12.3'],
    ['-5.5', 2, '5.5'],
    ['1,000.25', 2, '1000.25'],
    ['', 2, ''],
    ['99999999999999999999.123456789', 8, '99999999999999999999.12345678'],
  ])('%j with %i decimals -> %j', (input, decimals, expected) => {
    expect(sanitizeNumberInput(input, decimals)).toBe(expected);
  });
});
