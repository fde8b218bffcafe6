import { describe, expect, it } from 'vitest';
import { checkAmount } from './withdraw-form.ts';

const rule = { fee: '5', minAmount: '20' };

describe('checkAmount', () => {
  it('adds the fee on top, in decimals', () => {
    expect(checkAmount('100.000001', rule, '1000', '2000')).toEqual({
      problem: null,
      total: '105.000001',
      arrival: '100.000001',
    });
  });

  it('names the first rule an amount breaks', () => {
    expect(checkAmount('', rule, '1000', '2000').problem).toBe('format');
    expect(checkAmount('1e3', rule, '1000', '2000').problem).toBe('format');
    expect(checkAmount('0', rule, '1000', '2000').problem).toBe('format');
    expect(checkAmount('19.99', rule, '1000', '2000').problem).toBe('belowMinimum');
    expect(checkAmount('2000.01', rule, '5000', '2000').problem).toBe('overLeft');
    expect(checkAmount('996', rule, '1000', '2000').problem).toBe('overBalance');
    expect(checkAmount('995', rule, '1000', '2000').problem).toBe(null);
  });
});
