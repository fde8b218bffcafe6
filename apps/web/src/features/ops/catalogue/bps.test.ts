import { describe, expect, it } from 'vitest';
import { bpsPercent } from './bps.ts';

describe('basis points', () => {
  it('reads as an exact percent', () => {
    expect(bpsPercent(10)).toBe('0.1%');
    expect(bpsPercent(7)).toBe('0.07%');
    expect(bpsPercent(0)).toBe('0%');
    expect(bpsPercent(250)).toBe('2.5%');
    expect(bpsPercent(10000)).toBe('100%');
    expect(bpsPercent(-5)).toBe('-0.05%');
    expect(bpsPercent(1.5)).toBe('--');
  });
});
