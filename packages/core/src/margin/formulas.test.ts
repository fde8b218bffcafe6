import { describe, expect, it } from 'vitest';
import {
  amountOfValue,
  borrowableValue,
  hourlyInterest,
  readableLevel,
  hourlyOfDaily,
  marginLevel,
  splitRepayment,
} from './formulas.ts';

const U = 1_000_000n; // USDT minor units
const SAT = 100_000_000n;

describe('margin formulas: worked examples', () => {
  it('levels: 4,000 held against 3,000 owed is 1.33333333; nothing owed has none', () => {
    expect(marginLevel(4_000n * U, 3_000n * U)).toBe(133_333_333n);
    expect(marginLevel(4_000n * U, 0n)).toBeNull();
  });

  it('borrowing room: 1,000 of equity at 5x may owe 4,000; owing 3,000 leaves 1,000; at 3x cross, 2,000', () => {
    expect(borrowableValue(1_000n * U, 0n, 5)).toBe(4_000n * U);
    expect(borrowableValue(4_000n * U, 3_000n * U, 5)).toBe(1_000n * U);
    expect(borrowableValue(1_000n * U, 0n, 3)).toBe(2_000n * U);
    // Under water: no room, never negative.
    expect(borrowableValue(900n * U, 1_000n * U, 5)).toBe(0n);
    // 2,000 USDT of room is 0.04 BTC at 50,000.
    expect(amountOfValue(2_000n * U, 50_000n * U, SAT)).toBe(4_000_000n);
  });

  it('interest: 3,000 at 0.001 %/h is 0.03 an hour; a part of a unit is a whole unit', () => {
    expect(hourlyInterest(3_000n * U, 1_000n)).toBe(30_000n);
    expect(hourlyInterest(1n, 1_000n)).toBe(1n);
    expect(hourlyInterest(0n, 1_000n)).toBe(0n);
    // 0.024 % a day is 0.001 % an hour.
    expect(hourlyOfDaily(24_000n)).toBe(1_000n);
  });

  it('repayment pays interest first, and never more than owed', () => {
    expect(splitRepayment(50_000n, 60_000n, 3_000n * U)).toEqual({
      interest: 50_000n,
      principal: 0n,
    });
    expect(splitRepayment(100n * U, 60_000n, 3_000n * U)).toEqual({
      interest: 60_000n,
      principal: 100n * U - 60_000n,
    });
    expect(splitRepayment(10_000n * U, 10_000n, 3_000n * U)).toEqual({
      interest: 10_000n,
      principal: 3_000n * U,
    });
  });
});

describe('readableLevel', () => {
  it('shows two decimals rounded down, never safer than the account is', () => {
    expect(readableLevel('1.29999999')).toBe('1.29');
    expect(readableLevel('1.49797436')).toBe('1.49');
    expect(readableLevel('1.3')).toBe('1.30');
  });
});
