import { ceilDiv, floorDiv, RATE_ONE } from './rates.ts';
import { notionalOf, sideSign, type PositionSide } from './position.ts';
import { tierOf, type ResolvedTier } from './tiers.ts';

/** A one-way position as the liquidation formulas see it. */
export interface MarginedPosition {
  side: PositionSide;
  /** Base minor units, positive. */
  size: bigint;
  /** Average entry price. */
  entry: bigint;
  /**
   * What stands behind the position, quote minor units: its own margin when isolated;
   * when cross, the cross wallet less the other positions' maintenance margins plus their
   * unrealised profit (`crossMargin`).
   */
  margin: bigint;
}

/** The margin a cross position can lose: wallet − others' maintenance + others' unrealised PnL. */
export function crossMargin(
  wallet: bigint,
  others: ReadonlyArray<{ maintenance: bigint; unrealisedPnl: bigint }>,
): bigint {
  return others.reduce((m, o) => m - o.maintenance + o.unrealisedPnl, wallet);
}

/**
 * Liquidated when the margin balance (margin + unrealised PnL) falls to the maintenance
 * margin or below.
 */
export function isLiquidatable(marginBalance: bigint, maintenance: bigint): boolean {
  return marginBalance <= maintenance;
}

/**
 * The mark price at which the position is liquidated, or null when no price liquidates it
 * (a long whose margin covers its whole notional). With the tier's rate R and cumulative
 * amount C, the margin balance meets the maintenance margin where
 *   margin + s·size·(P − entry) = size·P·R − C,  s = +1 long, −1 short, so
 *   P = (margin + C − s·size·entry) / (size·(R − s)).
 * The tier is the one the notional at P falls in, so each tier is tried until the price it
 * gives lies inside it. Rounded toward the entry (up for a long, down for a short): the
 * published price is never past the real one.
 */
export function liquidationPrice(
  position: MarginedPosition,
  tiers: readonly ResolvedTier[],
  baseScale: bigint,
): bigint | null {
  const { side, size, entry, margin } = position;
  const s = sideSign(side);
  let fallback: bigint | null = null;
  for (const tier of tiers) {
    const numerator = ((margin + tier.cumulative) * baseScale - s * size * entry) * RATE_ONE;
    const denominator = size * (tier.maintenanceRate - s * RATE_ONE);
    const price = s === 1n ? ceilDiv(numerator, denominator) : floorDiv(numerator, denominator);
    if (price <= 0n) return null;
    if (tierOf(tiers, notionalOf(size, price, baseScale)).tier === tier.tier) return price;
    fallback ??= price;
  }
  return fallback;
}

/**
 * The price at which the margin is gone (margin + unrealised PnL = 0): entry − margin/size
 * for a long, entry + margin/size for a short; rounded so the loss at it never exceeds the
 * margin (up for a long, down for a short). The insurance fund takes a liquidated position
 * over at this price.
 */
export function bankruptcyPrice(position: MarginedPosition, baseScale: bigint): bigint {
  const { side, size, entry, margin } = position;
  if (side === 'long') {
    const price = entry - floorDiv(margin * baseScale, size);
    return price > 0n ? price : 0n;
  }
  return entry + floorDiv(margin * baseScale, size);
}

/**
 * What the insurance fund gains (or, negative, pays) closing a position it took over at the
 * bankruptcy price into the book: for each fill, size × (fill − bankruptcy) for a long,
 * the reverse for a short. A liquidation that closes before bankruptcy leaves the fund
 * what was left of the maintenance margin.
 */
export function takeoverResult(
  side: PositionSide,
  bankruptcy: bigint,
  fills: ReadonlyArray<{ price: bigint; size: bigint }>,
  baseScale: bigint,
): bigint {
  const s = sideSign(side);
  return fills.reduce(
    (sum, fill) => sum + floorDiv(s * fill.size * (fill.price - bankruptcy), baseScale),
    0n,
  );
}

/**
 * Auto-deleveraging rank, rate units (higher is deleveraged first), as the large venues
 * publish it: a profitable position's profit ratio times its effective leverage; a losing
 * one's loss ratio divided by it. Profit ratio = unrealised PnL ÷ margin; effective
 * leverage = notional ÷ (margin + unrealised PnL).
 */
export function adlScore(pnl: bigint, margin: bigint, notional: bigint): bigint {
  const equity = margin + pnl;
  if (margin <= 0n || notional <= 0n) return 0n;
  // Past bankruptcy (only a loss gets there): last in line.
  if (equity <= 0n) return -(RATE_ONE * RATE_ONE);
  // (pnl / margin) × (notional / equity), or (pnl / margin) ÷ (notional / equity)
  return pnl >= 0n
    ? floorDiv(pnl * notional * RATE_ONE, margin * equity)
    : floorDiv(pnl * equity * RATE_ONE, margin * notional);
}

/**
 * The queue indicator shown beside each position (1 to 5 lights): which fifth of its side's
 * positions, ranked by `adlScore`, it falls in; 5 is first in line.
 */
export function adlQuintiles<T>(
  positions: readonly T[],
  score: (position: T) => bigint,
): Map<T, 1 | 2 | 3 | 4 | 5> {
  const ranked = [...positions].sort((a, b) => {
    const d = score(a) - score(b);
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  });
  const out = new Map<T, 1 | 2 | 3 | 4 | 5>();
  ranked.forEach((position, i) => {
    out.set(position, (Math.floor((i * 5) / ranked.length) + 1) as 1 | 2 | 3 | 4 | 5);
  });
  return out;
}
