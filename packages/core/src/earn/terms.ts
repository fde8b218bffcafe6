import { parseUnits, formatUnits } from '../units.ts';

/**
 * Earn products' arithmetic (issue 22): a daily rate and a penalty rate are decimal
 * fractions with at most 6 places ("0.0012" is 0.12 % a day), held as parts per million
 * so every amount below is an integer of the coin's minor units, never a float.
 */
export const RATE_DECIMALS = 6;
export const PPM = 1_000_000n;

/** A published rate ("0.0012") as parts per million (1200); throws on a malformed one. */
export function rateToPpm(rate: string): bigint {
  return parseUnits(rate, RATE_DECIMALS);
}

/** Parts per million back to the canonical decimal text. */
export function ppmToRate(ppm: bigint): string {
  return formatUnits(ppm, RATE_DECIMALS);
}

/**
 * What one day pays on a principal: principal × rate, rounded down to the coin's minor
 * unit. Every day pays exactly this, so the total is `daily × days` to the unit, and the
 * estimate shown before subscribing is what is paid (no rounding drift over a cycle).
 */
export function dailyIncome(principal: bigint, dailyRatePpm: bigint): bigint {
  if (principal < 0n || dailyRatePpm < 0n) throw new RangeError('negative principal or rate');
  return (principal * dailyRatePpm) / PPM;
}

/**
 * The early-redemption penalty on a principal: principal × rate, rounded down (the
 * rounding favours the user), never more than the principal.
 */
export function penaltyAmount(principal: bigint, penaltyRatePpm: bigint): bigint {
  const penalty = (principal * penaltyRatePpm) / PPM;
  return penalty > principal ? principal : penalty;
}

export interface EarnTerms {
  /** What each day pays. */
  daily: bigint;
  /** daily × cycle: what the whole cycle pays on top of the principal. */
  total: bigint;
  /** What an early redemption keeps back from the principal. */
  penalty: bigint;
  /** What a redemption now would return: principal − penalty. */
  redeemNow: bigint;
}

/** Every amount a subscription commits to, as shown before the user confirms. */
export function earnTerms(input: {
  principal: bigint;
  dailyRatePpm: bigint;
  cycleDays: number;
  penaltyRatePpm: bigint;
}): EarnTerms {
  const daily = dailyIncome(input.principal, input.dailyRatePpm);
  const penalty = penaltyAmount(input.principal, input.penaltyRatePpm);
  return {
    daily,
    total: daily * BigInt(input.cycleDays),
    penalty,
    redeemNow: input.principal - penalty,
  };
}

/** What a position still has to be paid: the unpaid days' income. */
export function outstandingIncome(daily: bigint, cycleDays: number, paidDays: number): bigint {
  return daily * BigInt(Math.max(0, cycleDays - paidDays));
}
