import { ceilDiv, RATE_ONE } from './rates.ts';

/**
 * A notional tier as the large venues publish them: up to `upTo` of position notional
 * (quote minor units; null for the last, unbounded tier) the position may use at most
 * `maxLeverage` and keeps `maintenanceRate` (rate units) of its notional as maintenance
 * margin. Tiers are listed from the smallest notional up.
 */
export interface MarginTier {
  upTo: bigint | null;
  maxLeverage: number;
  maintenanceRate: bigint;
}

/**
 * A tier with what follows from the list: the notional it starts above (`floor`) and its
 * maintenance amount (`cumulative`), which makes the maintenance margin continuous where
 * one tier meets the next: cum(i) = cum(i-1) + floor(i) × (rate(i) - rate(i-1)).
 */
export interface ResolvedTier extends MarginTier {
  tier: number;
  floor: bigint;
  cumulative: bigint;
}

export function resolveTiers(tiers: readonly MarginTier[]): ResolvedTier[] {
  if (tiers.length === 0) throw new Error('a market needs at least one margin tier');
  const resolved: ResolvedTier[] = [];
  let floor = 0n;
  let cumulative = 0n;
  let previousRate = 0n;
  tiers.forEach((tier, i) => {
    if (i < tiers.length - 1 && tier.upTo === null) {
      throw new Error('only the last margin tier is unbounded');
    }
    if (tier.upTo !== null && tier.upTo <= floor) throw new Error('margin tiers must grow');
    if (tier.maintenanceRate < previousRate) throw new Error('maintenance rates must not fall');
    cumulative += (floor * (tier.maintenanceRate - previousRate)) / RATE_ONE;
    resolved.push({ ...tier, tier: i + 1, floor, cumulative });
    previousRate = tier.maintenanceRate;
    floor = tier.upTo ?? floor;
  });
  return resolved;
}

/** The tier a notional falls in (a notional past the last bound stays in the last tier). */
export function tierOf(tiers: readonly ResolvedTier[], notional: bigint): ResolvedTier {
  return tiers.find((t) => t.upTo === null || notional <= t.upTo) ?? tiers[tiers.length - 1]!;
}

/**
 * Maintenance margin of a position of this notional: notional × rate − cumulative amount,
 * rounded up (the platform never asks for a unit less than its published rate).
 */
export function maintenanceMargin(tiers: readonly ResolvedTier[], notional: bigint): bigint {
  const tier = tierOf(tiers, notional);
  return ceilDiv(notional * tier.maintenanceRate, RATE_ONE) - tier.cumulative;
}

/** Initial margin at a leverage: notional ÷ leverage, rounded up. */
export function initialMargin(notional: bigint, leverage: number): bigint {
  return ceilDiv(notional, BigInt(leverage));
}

/** The highest leverage a position of this notional may use. */
export function maxLeverageFor(tiers: readonly ResolvedTier[], notional: bigint): number {
  return tierOf(tiers, notional).maxLeverage;
}
