import { describe, expect, it } from 'vitest';
import { percent2 } from '../stats.ts';

describe('percent2', () => {
  it.each([
    [200n, 65_000n, '0.31'],
    [-125n, 10_000n, '-1.25'],
    [-1n, 1_000_000n, '0.00'],
    [-5n, 10_000n, '-0.05'],
    [5n, 100_000n, '0.01'],
    [0n, 7n, '0.00'],
    [3n, 1n, '300.00'],
    [5n, 0n, '0.00'],
  ])('%s / %s is %s %%', (part, whole, text) => {
    expect(percent2(part, whole)).toBe(text);
  });
});
