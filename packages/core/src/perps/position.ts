import { ceilDiv, floorDiv, RATE_ONE } from './rates.ts';

export type PositionSide = 'long' | 'short';

/** +1 for a long, -1 for a short: what the formulas multiply price moves by. */
export function sideSign(side: PositionSide): 1n | -1n {
  return side === 'long' ? 1n : -1n;
}

/** Notional of `size` base minor units at `price`: size × price ÷ 10^baseDecimals, rounded down. */
export function notionalOf(size: bigint, price: bigint, baseScale: bigint): bigint {
  return (size * price) / baseScale;
}

/**
 * Unrealised profit of a position at `mark`: size × (mark − entry) for a long,
 * size × (entry − mark) for a short, rounded toward negative infinity (a loss is never
 * shown a unit smaller than it is, a profit never a unit larger).
 */
export function unrealisedPnl(
  side: PositionSide,
  size: bigint,
  entry: bigint,
  mark: bigint,
  baseScale: bigint,
): bigint {
  return floorDiv(sideSign(side) * size * (mark - entry), baseScale);
}

/** Return on equity, rate units: unrealised profit ÷ the position's initial margin. */
export function roe(pnl: bigint, initialMargin: bigint): bigint {
  return initialMargin === 0n ? 0n : floorDiv(pnl * RATE_ONE, initialMargin);
}

/**
 * The average entry after adding `added` at `price` to a position of `size` at `entry`:
 * weighted by size, rounded away from the trader's favour by one unit at most (up for a
 * long, down for a short), so the profit shown is never flattered.
 */
export function averageEntry(
  side: PositionSide,
  size: bigint,
  entry: bigint,
  added: bigint,
  price: bigint,
): bigint {
  const total = size + added;
  const weighted = size * entry + added * price;
  return side === 'long' ? ceilDiv(weighted, total) : weighted / total;
}

/** What closing `closed` of a position at `price` realises, before fees. */
export function realisedPnl(
  side: PositionSide,
  closed: bigint,
  entry: bigint,
  price: bigint,
  baseScale: bigint,
): bigint {
  return floorDiv(sideSign(side) * closed * (price - entry), baseScale);
}

/**
 * Margin ratio, rate units: maintenance margin ÷ margin balance. At 100 % (RATE_ONE) the
 * position is liquidated; with nothing left it is already past.
 */
export function marginRatio(maintenance: bigint, marginBalance: bigint): bigint {
  if (marginBalance <= 0n) return RATE_ONE;
  return ceilDiv(maintenance * RATE_ONE, marginBalance);
}
