import { describe, expect, it } from 'vitest';
import { lentSharePercent } from './lending.ts';

const POOLS = [
  { coin: 'USDT', savingsShare: '0.5' },
  { coin: 'BTC', savingsShare: '0' },
];

describe("what a product's savings may lend to margin", () => {
  it('gives the share of the coin in percent, whatever the case of its name', () => {
    expect(lentSharePercent(POOLS, 'usdt')).toBe('50');
    expect(lentSharePercent([{ coin: 'ETH', savingsShare: '0.05' }], 'ETH')).toBe('5');
  });

  it('says nothing when savings do not lend, the coin has no pool or pools are unknown', () => {
    expect(lentSharePercent(POOLS, 'BTC')).toBeNull();
    expect(lentSharePercent(POOLS, 'ETH')).toBeNull();
    expect(lentSharePercent(undefined, 'USDT')).toBeNull();
  });
});
