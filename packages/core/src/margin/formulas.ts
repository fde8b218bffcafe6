import { Decimal } from '../decimal.ts';
import { ceilDiv, RATE_ONE } from '../perps/rates.ts';

/*
 * Spot margin arithmetic on integers: amounts in each coin's minor units, values in the
 * quote coin's minor units (USDT) at index prices, rates and levels in units of 10⁻⁸
 * (`RATE_ONE`: a margin level of 1.1 is 110_000_000n, an hourly rate of 0.001 % is 1_000n).
 */

/** The published levels: a notice at 1.3, liquidation at 1.1; moving money out needs 2. */
export const MARGIN_WARNING_LEVEL = 130_000_000n;
export const MARGIN_LIQUIDATION_LEVEL = 110_000_000n;
export const MARGIN_TRANSFER_OUT_LEVEL = 200_000_000n;

/** Cross accounts borrow up to 3x; isolated ones up to their pair's published maximum. */
export const CROSS_MAX_LEVERAGE = 3;

/**
 * Margin level = total assets ÷ (total debt + interest), both valued in the quote coin at
 * index prices, rounded down (the level shown is never better than it is); null with
 * nothing owed.
 */
export function marginLevel(assets: bigint, debt: bigint): bigint | null {
  if (debt <= 0n) return null;
  return (assets * RATE_ONE) / debt;
}

/**
 * What more may be borrowed, valued in the quote coin: equity × (leverage − 1) less what
 * is already owed, where equity = assets − debt; never negative. With 1,000 USDT of equity
 * at 3x the account may owe 2,000.
 */
export function borrowableValue(assets: bigint, debt: bigint, leverage: number): bigint {
  const equity = assets - debt;
  if (equity <= 0n) return 0n;
  const room = equity * BigInt(leverage - 1) - debt;
  return room > 0n ? room : 0n;
}

/** `value` quote minor units of a coin worth `price` quote minor units per whole coin. */
export function amountOfValue(value: bigint, price: bigint, coinScale: bigint): bigint {
  return price > 0n ? (value * coinScale) / price : 0n;
}

/** `amount` coin minor units at `price`, in quote minor units, rounded down. */
export function valueOf(amount: bigint, price: bigint, coinScale: bigint): bigint {
  return (amount * price) / coinScale;
}

/** One hour's interest on a principal at an hourly rate, rounded up: never a unit less. */
export function hourlyInterest(principal: bigint, hourlyRate: bigint): bigint {
  return principal > 0n ? ceilDiv(principal * hourlyRate, RATE_ONE) : 0n;
}

/** A repayment pays the interest first, then the principal; what exceeds both is not taken. */
export function splitRepayment(
  amount: bigint,
  interest: bigint,
  principal: bigint,
): { interest: bigint; principal: bigint } {
  const toInterest = amount < interest ? amount : interest;
  const rest = amount - toInterest;
  return { interest: toInterest, principal: rest < principal ? rest : principal };
}

/** A daily rate (rate units) as the hourly one accrued: ÷ 24, rounded up. */
export function hourlyOfDaily(daily: bigint): bigint {
  return ceilDiv(daily, 24n);
}

/**
 * A margin level (decimal text) as people read it: two decimals, rounded down, so it never
 * reads safer than it is (1.29999 is 1.29, under the 1.3 warning mark, not 1.30).
 */
export function readableLevel(level: string): string {
  return Decimal.parse(level)?.toFixed(2, 'floor') ?? level;
}
