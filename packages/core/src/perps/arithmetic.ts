import {
  inverseAverageEntry,
  inverseBankruptcyPrice,
  inverseExposure,
  inverseLiquidationPrice,
  inverseNotional,
  inversePnl,
} from './inverse.ts';
import { bankruptcyPrice, liquidationPrice } from './liquidation.ts';
import { averageEntry, notionalOf, realisedPnl, type PositionSide } from './position.ts';
import type { ResolvedTier } from './tiers.ts';

/** Linear contracts are margined in the quote (USDT); inverse ones in the base coin. */
export type ContractKind = 'linear' | 'inverse';

/**
 * What differs between a linear and an inverse market, in whole contracts and margin-coin
 * minor units, so the engine's books, positions, funding and liquidation are written once.
 */
export interface ContractArithmetic {
  readonly kind: ContractKind;
  /** The position's value in the margin coin at `price`. */
  notional(contracts: number, price: bigint): bigint;
  /** Profit from `entry` to `price`, margin coin, rounded toward −∞. */
  pnl(side: PositionSide, contracts: number, entry: bigint, price: bigint): bigint;
  averageEntry(
    side: PositionSide,
    contracts: number,
    entry: bigint,
    added: number,
    price: bigint,
  ): bigint;
  liquidationPrice(
    side: PositionSide,
    contracts: number,
    entry: bigint,
    margin: bigint,
    tiers: readonly ResolvedTier[],
  ): bigint | null;
  /** Null: no price makes the margin run out (an inverse short at 1x or less). */
  bankruptcyPrice(
    side: PositionSide,
    contracts: number,
    entry: bigint,
    margin: bigint,
  ): bigint | null;
  /** Of two prices, the one where the same contracts need more margin. */
  heavier(a: bigint, b: bigint): bigint;
  /** A book level as the impact price walks it: the base coin it is worth at its price. */
  baseAmount(contracts: number, price: bigint): bigint;
  /**
   * What a fill adds to an order's running total, from which `averagePrice` gives the
   * average fill price the way the position enters: contract-weighted (linear), or its
   * harmonic mean (inverse).
   */
  fillWeight(contracts: number, price: bigint): bigint;
  averagePrice(contracts: number, weight: bigint): bigint;
}

/** Inverse fills add contracts × W ÷ price: W keeps the harmonic mean exact to the unit. */
const HARMONIC_SCALE = 10n ** 24n;

/**
 * Linear: a contract is `contractSize` base minor units; notional size × P ÷ baseScale in
 * the quote. The formulas are those of position.ts and liquidation.ts.
 */
export function linearArithmetic(contractSize: bigint, baseScale: bigint): ContractArithmetic {
  const size = (contracts: number) => BigInt(contracts) * contractSize;
  return {
    kind: 'linear',
    notional: (contracts, price) => notionalOf(size(contracts), price, baseScale),
    pnl: (side, contracts, entry, price) =>
      realisedPnl(side, size(contracts), entry, price, baseScale),
    averageEntry: (side, contracts, entry, added, price) =>
      averageEntry(side, size(contracts), entry, size(added), price),
    liquidationPrice: (side, contracts, entry, margin, tiers) =>
      liquidationPrice({ side, size: size(contracts), entry, margin }, tiers, baseScale),
    bankruptcyPrice: (side, contracts, entry, margin) =>
      bankruptcyPrice({ side, size: size(contracts), entry, margin }, baseScale),
    heavier: (a, b) => (a > b ? a : b),
    baseAmount: (contracts) => size(contracts),
    fillWeight: (contracts, price) => BigInt(contracts) * price,
    averagePrice: (contracts, weight) => weight / BigInt(contracts),
  };
}

/**
 * Inverse: a contract is worth `contractValue` quote minor units (USD); notional
 * K ÷ P in the base coin. The formulas are those of inverse.ts.
 */
export function inverseArithmetic(contractValue: bigint, coinScale: bigint): ContractArithmetic {
  const exposure = (contracts: number) =>
    inverseExposure(BigInt(contracts), contractValue, coinScale);
  return {
    kind: 'inverse',
    notional: (contracts, price) => inverseNotional(exposure(contracts), price),
    pnl: (side, contracts, entry, price) => inversePnl(side, exposure(contracts), entry, price),
    averageEntry: (side, contracts, entry, added, price) =>
      inverseAverageEntry(side, BigInt(contracts), entry, BigInt(added), price),
    liquidationPrice: (side, contracts, entry, margin, tiers) =>
      inverseLiquidationPrice(side, exposure(contracts), entry, margin, tiers),
    bankruptcyPrice: (side, contracts, entry, margin) =>
      inverseBankruptcyPrice(side, exposure(contracts), entry, margin),
    heavier: (a, b) => (a < b ? a : b),
    baseAmount: (contracts, price) => inverseNotional(exposure(contracts), price),
    fillWeight: (contracts, price) => (BigInt(contracts) * HARMONIC_SCALE) / price,
    averagePrice: (contracts, weight) =>
      weight > 0n ? (BigInt(contracts) * HARMONIC_SCALE) / weight : 0n,
  };
}
