import { describe, expect, it } from 'vitest';
import {
  gaugePercent,
  isPositive,
  levelState,
  owed,
  ratePercent,
  repayMax,
} from './level.ts';

describe('levelState (warning 1.3, liquidation 1.1)', () => {
  it('nothing owed is none', () => {
    expect(levelState(null, '1.3', '1.1')).toBe('none');
  });
  it('assets 2,600 against debt 1,000 (level 2.6) is safe', () => {
    expect(levelState('2.6', '1.3', '1.1')).toBe('safe');
  });
  it('1.3 exactly is a warning, 1.30000001 is not', () => {
    expect(levelState('1.3', '1.3', '1.1')).toBe('warning');
    expect(levelState('1.30000001', '1.3', '1.1')).toBe('safe');
  });
  it('1.1 and below is danger', () => {
    expect(levelState('1.1', '1.3', '1.1')).toBe('danger');
    expect(levelState('1.05', '1.3', '1.1')).toBe('danger');
    expect(levelState('1.10000001', '1.3', '1.1')).toBe('warning');
  });
});

describe('gaugePercent (1 -> 0 %, 3 -> 100 %)', () => {
  it('places levels by hand: 2 -> 50, 1.3 -> 15, 1.1 -> 5', () => {
    expect(gaugePercent('2')).toBe(50);
    // (1.3 - 1) × 100 ÷ 2 = 15
    expect(gaugePercent('1.3')).toBe(15);
    // (1.1 - 1) × 100 ÷ 2 = 5
    expect(gaugePercent('1.1')).toBe(5);
    // (2.999 - 1) × 100 ÷ 2 = 99.95, floored
    expect(gaugePercent('2.999')).toBe(99);
  });
  it('clamps', () => {
    expect(gaugePercent('0.8')).toBe(0);
    expect(gaugePercent('12.5')).toBe(100);
    expect(gaugePercent(null)).toBe(100);
  });
});

describe('repayment maximum', () => {
  it('owes principal + interest: 1,000 + 0.00834 = 1000.00834', () => {
    expect(owed('1000', '0.00834')).toBe('1000.00834');
  });
  it('is what is owed when the account holds more', () => {
    expect(repayMax('1000', '0.00834', '1500.5')).toBe('1000.00834');
  });
  it('is what the account holds when it holds less', () => {
    expect(repayMax('1000', '0.00834', '400.25')).toBe('400.25');
  });
  it('is zero when nothing is owed', () => {
    expect(repayMax('0', '0', '10')).toBe('0');
  });
});

describe('isPositive', () => {
  it('reads typed amounts', () => {
    expect(isPositive('')).toBe(false);
    expect(isPositive('0')).toBe(false);
    expect(isPositive('0.')).toBe(false);
    expect(isPositive('12.')).toBe(true);
    expect(isPositive('0.001')).toBe(true);
  });
});

describe('ratePercent', () => {
  it('0.00000834 an hour is 0.000834 %', () => {
    expect(ratePercent('0.00000834')).toBe('0.000834');
    expect(ratePercent('0.0002')).toBe('0.02');
  });
});
