import { describe, expect, it } from 'vitest';
import { addDays, daysDue, dueAt, localDate, schedule, startOfDate } from './calendar.ts';
import { dailyIncome, earnTerms, outstandingIncome, penaltyAmount, rateToPpm } from './terms.ts';

const USDT = 1_000_000n;

describe('earn terms (worked examples in README.md)', () => {
  it('pays principal × daily rate a day, rounded down to the minor unit, the same every day', () => {
    // 1,000 USDT at 0.12 % a day: 1.2 USDT a day, 36 USDT over 30 days.
    expect(
      earnTerms({
        principal: 1000n * USDT,
        dailyRatePpm: rateToPpm('0.0012'),
        cycleDays: 30,
        penaltyRatePpm: rateToPpm('0.03'),
      }),
    ).toEqual({
      daily: 1_200_000n,
      total: 36_000_000n,
      penalty: 30_000_000n,
      redeemNow: 970_000_000n,
    });
    // 123.456789 USDT at 0.0833 %: 0.102839505... a day, rounded down to 0.102839.
    expect(dailyIncome(123_456_789n, rateToPpm('0.000833'))).toBe(102_839n);
    // 0.00000001 BTC at 0.04 %: less than a satoshi a day pays nothing, not a rounded-up one.
    expect(dailyIncome(1n, rateToPpm('0.0004'))).toBe(0n);
  });

  it('rounds a penalty down and never past the principal', () => {
    expect(penaltyAmount(333n, rateToPpm('0.01'))).toBe(3n);
    expect(penaltyAmount(500n, rateToPpm('1'))).toBe(500n);
    expect(penaltyAmount(500n, 0n)).toBe(0n);
  });

  it('owes the unpaid days only', () => {
    expect(outstandingIncome(1_200_000n, 30, 0)).toBe(36_000_000n);
    expect(outstandingIncome(1_200_000n, 30, 27)).toBe(3_600_000n);
    expect(outstandingIncome(1_200_000n, 30, 30)).toBe(0n);
  });

  it('refuses a malformed rate rather than rounding it', () => {
    expect(() => rateToPpm('0.0000001')).toThrow();
    expect(() => rateToPpm('abc')).toThrow();
    expect(rateToPpm('0.0012')).toBe(1200n);
  });
});

describe('earn calendar', () => {
  const HK = 'Asia/Hong_Kong';
  it('counts days in the product timezone, not the server one', () => {
    // 2026-11-22 17:30 UTC is 2026-11-23 01:30 in Hong Kong.
    const t = Date.parse('2026-11-22T17:30:00Z');
    expect(localDate(t, HK)).toBe('2026-11-23');
    expect(localDate(t, 'UTC')).toBe('2026-11-22');
    expect(schedule(t, 30, HK)).toEqual({
      subscribed: '2026-11-23',
      startDate: '2026-11-24',
      endDate: '2026-12-23',
    });
  });

  it('makes day k due when local date subscribed + k begins, capped at the cycle', () => {
    const sub = '2026-11-23';
    expect(dueAt(sub, 1, HK)).toBe(Date.parse('2026-11-23T16:00:00Z'));
    expect(daysDue(sub, 30, Date.parse('2026-11-23T15:59:59.999Z'), HK)).toBe(0);
    expect(daysDue(sub, 30, Date.parse('2026-11-23T16:00:00Z'), HK)).toBe(1);
    expect(daysDue(sub, 30, Date.parse('2026-11-27T16:00:00Z'), HK)).toBe(5);
    expect(daysDue(sub, 30, Date.parse('2027-06-01T00:00:00Z'), HK)).toBe(30);
  });

  it('keeps a day a calendar day across a daylight-saving change', () => {
    const NY = 'America/New_York';
    // 2026-03-08: clocks go forward at 02:00 in New York (a 23-hour day).
    expect(startOfDate('2026-03-08', NY)).toBe(Date.parse('2026-03-08T05:00:00Z'));
    expect(startOfDate('2026-03-09', NY)).toBe(Date.parse('2026-03-09T04:00:00Z'));
    expect(startOfDate('2026-11-01', NY)).toBe(Date.parse('2026-11-01T04:00:00Z'));
    expect(startOfDate('2026-11-02', NY)).toBe(Date.parse('2026-11-02T05:00:00Z'));
    expect(daysDue('2026-03-07', 3, Date.parse('2026-03-09T04:00:00Z'), NY)).toBe(2);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});
