import { describe, expect, it } from 'vitest';
import type { RechargeBank } from '@meridian/contract/calls/recharges';
import { amountProblem } from './bank-amount.ts';

const BANK: RechargeBank = {
  coin: 'USDT',
  decimals: 6,
  bankName: 'Bank',
  accountName: 'Name',
  accountNumber: '1',
  swift: 'DEMOXXXX',
  note: '',
  minAmount: '10',
  maxAmount: '100000',
};

describe('a bank recharge amount as typed', () => {
  it.each([
    ['', 'required'],
    ['ten', 'numeric'],
    ['1e3', 'numeric'],
    ['-20', 'numeric'],
    ['0', 'zero'],
    ['0.000', 'zero'],
    ['20.1234567', 'decimals'],
    ['9.999999', 'min'],
    ['100000.000001', 'max'],
    ['10', null],
    ['100000', null],
    ['250.5', null],
  ])('%s: %s', (amount, problem) => {
    expect(amountProblem(amount, BANK)).toBe(problem);
  });

  it('compares as decimals, not as numbers', () => {
    const tight = { ...BANK, decimals: 18, minAmount: '0.1', maxAmount: '0.3' };
    // 0.1 + 0.2 is not 0.3 as a float; as decimal text it is within the bounds.
    expect(amountProblem('0.300000000000000000', tight)).toBeNull();
    expect(amountProblem('0.300000000000000001', tight)).toBe('max');
  });

  it('has no bound where none is published', () => {
    const open = { ...BANK, minAmount: null, maxAmount: null };
    expect(amountProblem('0.000001', open)).toBeNull();
    expect(amountProblem('999999999999', open)).toBeNull();
  });
});
