import { describe, expect, it } from 'vitest';
import type { Period } from '@meridian/contract/calls/seconds';
import { payoutsOf, percentOf, stakeProblem } from './payouts.ts';

const PERIOD: Period = {
  id: 'btcusdt-30',
  symbol: 'btcusdt',
  coin: 'USDT',
  seconds: 30,
  profitRate: '0.2',
  lossRate: '0.2',
  minStake: '10',
  maxStake: '10000',
  chargeRate: '0.002',
  enabled: true,
};

describe('second-contract payouts shown before opening', () => {
  it('says what a win, a loss and a tie pay back, and the charge', () => {
    expect(payoutsOf(PERIOD, '100', 6)).toEqual({
      stake: '100',
      charge: '0.2',
      win: '120',
      loss: '80',
      tie: '100',
      total: '100.2',
    });
  });

  it('cuts products to the coin decimals as the engine does', () => {
    const odd = { ...PERIOD, profitRate: '0.3333', chargeRate: '0.0001' };
    expect(payoutsOf(odd, '7', 2)).toMatchObject({ win: '9.33', charge: '0' });
  });

  it('takes whole stakes within the period limits only', () => {
    expect(stakeProblem('', PERIOD)).toBe('empty');
    expect(stakeProblem('10.5', PERIOD)).toBe('integer');
    expect(stakeProblem('9', PERIOD)).toBe('min');
    expect(stakeProblem('10001', PERIOD)).toBe('max');
    expect(stakeProblem('10', PERIOD)).toBeNull();
    expect(percentOf('0.25')).toBe('25');
  });
});
