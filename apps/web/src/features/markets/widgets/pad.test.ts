import { describe, expect, it } from 'vitest';
import { atDecimals } from './pad.ts';

describe('atDecimals', () => {
  it.each([
    ['4249.12', 2, '4249.12'],
    ['4249.1', 2, '4249.10'],
    ['4249', 2, '4249.00'],
    ['0.00001', 5, '0.00001'],
    ['12', 0, '12'],
    ['abc', 2, '--'],
  ])('%s at %i decimals is %s', (value, decimals, shown) => {
    expect(atDecimals(value, decimals)).toBe(shown);
  });
});
