import { clamp, floorDiv, RATE_ONE } from './rates.ts';
import { notionalOf, type PositionSide } from './position.ts';

/** The clamp of (interest − premium): ±0.05 %. */
export const FUNDING_CLAMP = 50_000n;

/**
 * The average price of spending `impactNotional` (quote minor units) on one side of the
 * book, walking `levels` best first ([price, base size] pairs), or null when the book is
 * thinner than that.
 */
export function impactPrice(
  levels: ReadonlyArray<readonly [price: bigint, size: bigint]>,
  impactNotional: bigint,
  baseScale: bigint,
): bigint | null {
  if (impactNotional <= 0n) return null;
  let notional = 0n;
  let size = 0n;
  for (const [price, levelSize] of levels) {
    const levelNotional = notionalOf(levelSize, price, baseScale);
    if (notional + levelNotional >= impactNotional) {
      const rest = impactNotional - notional;
      size += (rest * baseScale) / price;
      notional = impactNotional;
      return size === 0n ? null : (notional * baseScale) / size;
    }
    notional += levelNotional;
    size += levelSize;
  }
  return null;
}

/**
 * The premium index, rate units: (max(0, impact bid − index) − max(0, index − impact ask))
 * ÷ index. A side too thin for the impact notional counts as the index (no premium).
 */
export function premiumIndex(
  impactBid: bigint | null,
  impactAsk: bigint | null,
  index: bigint,
): bigint {
  const bid = impactBid ?? index;
  const ask = impactAsk ?? index;
  const above = bid > index ? bid - index : 0n;
  const below = index > ask ? index - ask : 0n;
  return floorDiv((above - below) * RATE_ONE, index);
}

/**
 * The interval's premium: the samples (one a minute) time-weighted, later ones counting
 * more: Σ i·Pᵢ ÷ Σ i for i = 1..n.
 */
export function averagePremium(samples: readonly bigint[]): bigint {
  if (samples.length === 0) return 0n;
  let weighted = 0n;
  let weights = 0n;
  samples.forEach((premium, i) => {
    weighted += BigInt(i + 1) * premium;
    weights += BigInt(i + 1);
  });
  return floorDiv(weighted, weights);
}

/**
 * The funding rate: premium + clamp(interest − premium, −0.05 %, +0.05 %), then capped at
 * ±cap. Positive: longs pay shorts.
 */
export function fundingRate(premium: bigint, interest: bigint, cap: bigint): bigint {
  const rate = premium + clamp(interest - premium, -FUNDING_CLAMP, FUNDING_CLAMP);
  return clamp(rate, -cap, cap);
}

export interface FundedPosition {
  id: string;
  side: PositionSide;
  size: bigint;
}

/**
 * One funding payment between longs and shorts of a linear market: each position's notional
 * at `mark` is `fundingShares`'s.
 */
export function fundingTransfers(
  positions: readonly FundedPosition[],
  mark: bigint,
  rate: bigint,
  baseScale: bigint,
): Map<string, bigint> {
  return fundingShares(
    positions.map((p) => ({
      id: p.id,
      side: p.side,
      notional: notionalOf(p.size, mark, baseScale),
    })),
    rate,
  );
}

/**
 * One funding payment between longs and shorts, never to or from the platform: each payer
 * pays its notional (margin coin, at the mark) × |rate|, rounded down; the receivers share
 * exactly what was paid, in proportion to their notional, the units left by rounding going
 * one each to the largest remainders (then in the order given). Negative amounts are paid,
 * positive received; the amounts sum to zero.
 */
export function fundingShares(
  positions: ReadonlyArray<{ id: string; side: PositionSide; notional: bigint }>,
  rate: bigint,
): Map<string, bigint> {
  const out = new Map<string, bigint>();
  if (rate === 0n) return out;
  const payingSide: PositionSide = rate > 0n ? 'long' : 'short';
  const magnitude = rate > 0n ? rate : -rate;
  const payers = positions.filter((p) => p.side === payingSide && p.notional > 0n);
  const receivers = positions.filter((p) => p.side !== payingSide && p.notional > 0n);
  if (payers.length === 0 || receivers.length === 0) return out;

  let total = 0n;
  for (const p of payers) {
    const paid = (p.notional * magnitude) / RATE_ONE;
    if (paid > 0n) out.set(p.id, -paid);
    total += paid;
  }
  if (total === 0n) return out;

  const notionals = receivers.map((p) => p.notional);
  const all = notionals.reduce((a, b) => a + b, 0n);
  if (all === 0n) {
    // Receivers too small to have a notional: the payers keep their money.
    out.clear();
    return out;
  }
  const shares = receivers.map((p, i) => ({
    id: p.id,
    order: i,
    amount: (total * notionals[i]!) / all,
    remainder: (total * notionals[i]!) % all,
  }));
  let left = total - shares.reduce((a, s) => a + s.amount, 0n);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.order - b.order : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder) {
    if (left === 0n) break;
    share.amount += 1n;
    left -= 1n;
  }
  for (const share of shares) if (share.amount > 0n) out.set(share.id, share.amount);
  return out;
}
