import {
  averageEntry,
  Decimal,
  inverseAverageEntry,
  inverseBankruptcyPrice,
  inverseExposure,
  inverseLiquidationPrice,
  inverseNotional,
  inversePnl,
  liquidationPrice,
  parseRate,
  type PositionSide,
  type ResolvedTier,
} from '@meridian/core';
import type { PerpMarket } from '@meridian/contract/calls/perps';

/*
 * Coin-margined (inverse) contracts in the browser: the same functions the engine runs
 * (packages/core/src/perps/inverse.ts), fed with the minor units the engine uses and
 * answered as decimal strings. A contract is worth `contractSize` USD; a position of c
 * contracts has exposure K = c × value, its notional at P is K ÷ P coin and its profit
 * from E to P is s × K × (1/E − 1/P) coin (s = +1 long, −1 short).
 */

/** Prices (USD on the USDT index) and contract values have USDT's 6 decimals. */
export const QUOTE_DECIMALS = 6;
/** The margin coins of inverse markets (BTC, ETH) have 8 decimals, as the platform lists them. */
export const COIN_DECIMALS = 8;

const COIN_SCALE = 10n ** BigInt(COIN_DECIMALS);
const ZERO = Decimal.fromUnits(0n, 0);

/** A decimal at a scale, as the engine's integer minor units (rounded down). */
const unitsOf = (value: Decimal, decimals: number) => value.rescale(decimals, 'floor').units;
const quoteUnits = (text: string | Decimal) =>
  unitsOf(typeof text === 'string' ? (Decimal.parse(text) ?? ZERO) : text, QUOTE_DECIMALS);
const coinUnits = (text: string) => unitsOf(Decimal.parse(text) ?? ZERO, COIN_DECIMALS);
const coin = (units: bigint) => Decimal.fromUnits(units, COIN_DECIMALS);

type ValueMarket = Pick<PerpMarket, 'contractSize'>;

/** K for `contracts` of a market: contracts × USD value, in the units inverse.ts divides. */
export function exposureOf(market: ValueMarket, contracts: bigint): bigint {
  return inverseExposure(contracts, quoteUnits(market.contractSize), COIN_SCALE);
}

/** USD value of a number of contracts: contracts × contract value. */
export function usdValue(market: ValueMarket, contracts: bigint): string {
  return Decimal.fromUnits(contracts, 0)
    .times(Decimal.parse(market.contractSize) ?? ZERO)
    .toString();
}

/** Coin notional of `contracts` at `price`: contracts × value ÷ price, rounded down. */
export function inverseNotionalAt(market: ValueMarket, contracts: bigint, price: Decimal): Decimal {
  return coin(inverseNotional(exposureOf(market, contracts), quoteUnits(price)));
}

/** Coin profit of `contracts` from `entry` to `exit` (rounded toward −∞, as the engine). */
export function inversePnlOf(
  market: ValueMarket,
  side: PositionSide,
  contracts: bigint,
  entry: string,
  exit: string,
): string {
  const units = inversePnl(side, exposureOf(market, contracts), quoteUnits(entry), quoteUnits(exit));
  return coin(units).toString();
}

/** A market's published tiers as the core formulas take them (coin and rate units). */
export function resolvedTiers(
  tiers: PerpMarket['tiers'],
  moneyDecimals: number,
): ResolvedTier[] {
  let floor = 0n;
  return tiers.map((tier) => {
    const upTo =
      tier.upTo === null ? null : unitsOf(Decimal.parse(tier.upTo) ?? ZERO, moneyDecimals);
    const resolved: ResolvedTier = {
      tier: tier.tier,
      upTo,
      maxLeverage: tier.maxLeverage,
      maintenanceRate: parseRate(tier.maintenanceRate) ?? 0n,
      cumulative: unitsOf(Decimal.parse(tier.cumulative) ?? ZERO, moneyDecimals),
      floor,
    };
    floor = upTo ?? floor;
    return resolved;
  });
}

/**
 * Where a new isolated position would be liquidated: the core formula with the margin
 * it opens with. Null when no price liquidates it (an inverse short at 1x) or it cannot
 * be worked out yet.
 */
export function estimatedLiquidation(input: {
  market: Pick<PerpMarket, 'contractSize' | 'tiers'> & Partial<Pick<PerpMarket, 'kind'>>;
  side: PositionSide;
  contracts: bigint;
  entry: Decimal;
  margin: string;
}): string | null {
  const { market, side, contracts, entry } = input;
  if (contracts <= 0n || entry.sign() <= 0) return null;
  const inverse = market.kind === 'inverse';
  const money = inverse ? COIN_DECIMALS : QUOTE_DECIMALS;
  const tiers = resolvedTiers(market.tiers, money);
  if (tiers.length === 0) return null;
  const margin = unitsOf(Decimal.parse(input.margin) ?? ZERO, money);
  const price = inverse
    ? inverseLiquidationPrice(side, exposureOf(market, contracts), quoteUnits(entry), margin, tiers)
    : liquidationPrice(
        {
          side,
          size: contracts * coinUnits(market.contractSize),
          entry: quoteUnits(entry),
          margin,
        },
        tiers,
        COIN_SCALE,
      );
  return price === null || price <= 0n ? null : Decimal.fromUnits(price, QUOTE_DECIMALS).toString();
}

/**
 * The entry after adding `added` contracts at `price` to `contracts` at `entry`, as the
 * engine averages it: contract-weighted (linear) or the harmonic mean (inverse).
 */
export function entryAfter(
  market: Partial<Pick<PerpMarket, 'kind'>>,
  side: PositionSide,
  contracts: bigint,
  entry: string,
  added: bigint,
  price: Decimal,
): Decimal {
  const average = market.kind === 'inverse' ? inverseAverageEntry : averageEntry;
  const units = average(side, contracts, quoteUnits(entry), added, quoteUnits(price));
  return Decimal.fromUnits(units, QUOTE_DECIMALS);
}

/** Where an inverse position's margin is gone; null for a short that never runs out. */
export function inverseBankruptcyOf(
  market: ValueMarket,
  side: PositionSide,
  contracts: bigint,
  entry: string,
  margin: string,
): string | null {
  const price = inverseBankruptcyPrice(
    side,
    exposureOf(market, contracts),
    quoteUnits(entry),
    coinUnits(margin),
  );
  return price === null ? null : Decimal.fromUnits(price, QUOTE_DECIMALS).toString();
}
