import { ceilDiv, floorDiv, RATE_ONE } from './rates.ts';
import { sideSign, type PositionSide } from './position.ts';
import { tierOf, type ResolvedTier } from './tiers.ts';

/*
 * Inverse (coin-margined) contracts: quoted in USD, margined and settled in the base coin.
 * A contract is worth a fixed `value` of USD (quote minor units), so a position of `c`
 * contracts is K = c × value × coinScale in "USD × coin minor units"; its notional at P is
 * K ÷ P coin minor units, and its profit from E to P is
 *   s × K × (1/E − 1/P) = s × K × (P − E) ÷ (E × P),  s = +1 long, −1 short.
 * A long can lose everything as P falls; a short's loss is bounded (K ÷ E as P grows), so a
 * short with margin at least K ÷ E (1x) is never bankrupt. Prices are quote minor units per
 * whole coin, as linear contracts.
 */

/** K: contracts × contract value × coin scale; what every inverse formula divides by a price. */
export function inverseExposure(contracts: bigint, value: bigint, coinScale: bigint): bigint {
  return contracts * value * coinScale;
}

/** Coin minor units of a position of exposure K at `price`: K ÷ P, rounded down. */
export function inverseNotional(exposure: bigint, price: bigint): bigint {
  return price > 0n ? exposure / price : 0n;
}

/** Profit (coin minor units) of exposure K from `entry` to `price`, rounded toward −∞. */
export function inversePnl(
  side: PositionSide,
  exposure: bigint,
  entry: bigint,
  price: bigint,
): bigint {
  return floorDiv(sideSign(side) * exposure * (price - entry), entry * price);
}

/**
 * The entry after adding `added` contracts at `price` to `contracts` at `entry`: the
 * contract-weighted harmonic mean, total ÷ (c₁/E₁ + c₂/E₂), which keeps the coin value of
 * the position exact; rounded up for a long and down for a short (never flattering).
 */
export function inverseAverageEntry(
  side: PositionSide,
  contracts: bigint,
  entry: bigint,
  added: bigint,
  price: bigint,
): bigint {
  const numerator = (contracts + added) * entry * price;
  const denominator = contracts * price + added * entry;
  return side === 'long' ? ceilDiv(numerator, denominator) : numerator / denominator;
}

/**
 * The mark at which margin + profit meets the maintenance margin (notional × R − C):
 *   M + s·K/E − s·K/P = K·R/P − C   ⇒   P = K·E·(R + s) ÷ ((M + C)·E + s·K).
 * A short whose margin and maintenance amount reach K ÷ E has no such price (null). The
 * tier is the one the notional at P falls in; rounded toward the entry as linear.
 */
export function inverseLiquidationPrice(
  side: PositionSide,
  exposure: bigint,
  entry: bigint,
  margin: bigint,
  tiers: readonly ResolvedTier[],
): bigint | null {
  const s = sideSign(side);
  let fallback: bigint | null = null;
  for (const tier of tiers) {
    const numerator = exposure * entry * (tier.maintenanceRate + s * RATE_ONE);
    const denominator = ((margin + tier.cumulative) * entry + s * exposure) * RATE_ONE;
    // A long's numerator and denominator are positive; a short has a price only while its
    // denominator is negative, as its numerator always is.
    if (denominator === 0n || numerator < 0n !== denominator < 0n) continue;
    const price = s === 1n ? ceilDiv(numerator, denominator) : floorDiv(numerator, denominator);
    if (price <= 0n) continue;
    if (tierOf(tiers, inverseNotional(exposure, price)).tier === tier.tier) return price;
    fallback ??= price;
  }
  return fallback;
}

/**
 * Where the margin is gone (M + profit = 0): P = s·K·E ÷ (M·E + s·K); for a short with
 * M·E ≥ K there is none (null). Rounded so the loss at it never exceeds the margin (up for
 * a long, down for a short).
 */
export function inverseBankruptcyPrice(
  side: PositionSide,
  exposure: bigint,
  entry: bigint,
  margin: bigint,
): bigint | null {
  if (side === 'long') return ceilDiv(exposure * entry, margin * entry + exposure);
  const denominator = exposure - margin * entry;
  if (denominator <= 0n) return null;
  return (exposure * entry) / denominator;
}
