import { describe, expect, it } from 'vitest';
import { ratePercent } from '../../margin/index.ts';
import { hourlyOfDailyRate, isZeroRate, shareWithin, yearlyOfDailyRate } from './rates.ts';

describe('margin rates as operators set them', () => {
  it('charges a daily rate hourly as ÷ 24, rounded up to the 8th decimal', () => {
    expect(hourlyOfDailyRate('0.0002')).toBe('0.00000834');
    expect(hourlyOfDailyRate('0.00024')).toBe('0.00001');
    expect(hourlyOfDailyRate('0')).toBe('0');
    expect(hourlyOfDailyRate('abc')).toBeNull();
    expect(yearlyOfDailyRate('0.00024')).toBe('0.0876');
  });

  it('shows rates in percent with every digit', () => {
    expect(ratePercent('0.00000834')).toBe('0.000834');
    expect(ratePercent('0.5')).toBe('50');
  });

  it('keeps a savings share within the cap', () => {
    expect(shareWithin('0.8', '0.8')).toBe(true);
    expect(shareWithin('0', '0.8')).toBe(true);
    expect(shareWithin('0.81', '0.8')).toBe(false);
    expect(shareWithin('x', '0.8')).toBe(false);
    expect(isZeroRate('0.00')).toBe(true);
    expect(isZeroRate('0.5')).toBe(false);
  });
});
