import { describe, expect, it } from 'vitest';
import { padDecimals } from './pad.ts';

describe('padDecimals', () => {
  it('adds zeros up to the decimals', () => {
    expect(padDecimals('150.3', 2)).toBe('150.30');
    expect(padDecimals('7', 3)).toBe('7.000');
    expect(padDecimals('-0.5', 2)).toBe('-0.50');
  });
  it('leaves longer, abbreviated and missing values alone', () => {
    expect(padDecimals('1.2345', 2)).toBe('1.2345');
    expect(padDecimals('1.20M', 4)).toBe('1.20M');
    expect(padDecimals('--', 2)).toBe('--');
    expect(padDecimals('12', 0)).toBe('12');
  });
});
