/**
 * Instant swap pricing (PRODUCT.md 2.1: prices come from the market only). A swap converts
 * at the two coins' index prices in USDT, less the published spread, and then pays the
 * published fee out of what it converted to. Everything is integer minor units; each
 * division rounds down, so the user receives at most one unit less than the exact figure
 * and the platform never keeps more than the published spread and fee.
 *
 *   gross = floor(amountIn × fromPrice × 10^toDecimals × (10000 − spreadBps)
 *                 / (10^fromDecimals × toPrice × 10000))
 *   fee   = floor(gross × feeBps / 10000)
 *   net   = gross − fee
 *
 * A price is USDT minor units for one whole coin; USDT's own price is one USDT.
 */

export const BPS = 10_000n;

/** The published terms, in basis points: the spread off the index rate and the fee. */
export interface SwapTerms {
  spreadBps: number;
  feeBps: number;
}

/** One side of a swap: its coin's decimals and its index price (USDT minor units per coin). */
export interface SwapLeg {
  decimals: number;
  price: bigint;
}

export interface SwapPrice {
  /** What the spread leaves, in the coin received, before the fee. */
  gross: bigint;
  /** The fee, in the coin received, taken from `gross`. */
  fee: bigint;
  /** What the user keeps: `gross − fee`. */
  net: bigint;
  /**
   * How much of the coin received one whole coin given buys after the spread, in units
   * of 10^-(toDecimals + RATE_EXTRA_DECIMALS): shown to the user, never settled on.
   */
  rate: bigint;
}

/** The shown rate carries this many more decimals than the received coin. */
export const RATE_EXTRA_DECIMALS = 8;

const pow10 = (n: number) => 10n ** BigInt(n);

function checkTerms({ spreadBps, feeBps }: SwapTerms): void {
  for (const bps of [spreadBps, feeBps]) {
    if (!Number.isInteger(bps) || bps < 0 || bps >= 10_000) {
      throw new RangeError(`basis points must be an integer from 0 to 9999, got ${bps}`);
    }
  }
}

/** What swapping `amountIn` units of `from` into `to` gives, by the formula above. */
export function priceSwap(
  from: SwapLeg,
  to: SwapLeg,
  amountIn: bigint,
  terms: SwapTerms,
): SwapPrice {
  checkTerms(terms);
  if (from.price <= 0n || to.price <= 0n) throw new RangeError('index prices must be positive');
  if (amountIn < 0n) throw new RangeError('the amount must not be negative');
  const kept = BPS - BigInt(terms.spreadBps);
  const gross =
    (amountIn * from.price * pow10(to.decimals) * kept) / (pow10(from.decimals) * to.price * BPS);
  const fee = (gross * BigInt(terms.feeBps)) / BPS;
  const rate = (from.price * pow10(to.decimals + RATE_EXTRA_DECIMALS) * kept) / (to.price * BPS);
  return { gross, fee, net: gross - fee, rate };
}
