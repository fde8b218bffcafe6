import { describe, expect, it } from 'vitest';
import { nameKey, ratePercent } from './format.ts';

describe('earn display', () => {
  it('shows a rate as a percent with every digit', () => {
    expect(ratePercent('0.0012')).toBe('0.12');
    expect(ratePercent('0.000833')).toBe('0.0833');
    expect(ratePercent('0.05')).toBe('5');
    expect(ratePercent('1')).toBe('100');
  });

  it('names a product by its kind and tab', () => {
    expect(nameKey({ kind: 'pledge', section: null, coin: 'USDT', cycleDays: 30 })).toBe(
      'name.pledge',
    );
    expect(nameKey({ kind: 'finance', section: 'vip', coin: 'USDT', cycleDays: 30 })).toBe(
      'name.vip',
    );
  });
});
