import type { Asset } from '../ledger/assets.ts';

/** A spot market's rules. Sizes in minor units of the asset they measure. */
export interface MarketSpec {
  symbol: string;
  base: Asset;
  quote: Asset;
  /** Quote minor units per one whole base unit, per tick. */
  tickSize: bigint;
  /** Base minor units per lot. */
  lotSize: bigint;
  /** Smallest order value, quote minor units. */
  minNotional: bigint;
  maxOrderLots: number;
  maxPriceTicks: number;
  /** Integer basis points of what the side receives. */
  makerFeeBps: number;
  takerFeeBps: number;
  /** Market orders never fill further than this from the best opposite price. */
  bandBps: number;
}

// Bounds that keep every tick and lot sum a safe integer: a band computation multiplies
// a price by at most 10,000, and a level's total adds up order sizes.
const MAX_PRICE_TICKS = 1e11;
const MAX_ORDER_LOTS = 1e9;

/** A market with its derived constants; construction checks the spec is usable. */
export class Market {
  /** A copy of the listed spec: its fees change with `setFees`, nothing else does. */
  readonly spec: MarketSpec;
  /** Quote minor units of one lot at one tick. */
  readonly unitNotional: bigint;
  makerFee: bigint;
  takerFee: bigint;

  constructor(listed: MarketSpec) {
    const spec = (this.spec = { ...listed });
    const { tickSize, lotSize, base } = spec;
    const scale = 10n ** BigInt(base.decimals);
    if (tickSize <= 0n || lotSize <= 0n || (tickSize * lotSize) % scale !== 0n) {
      throw new RangeError(`${spec.symbol}: tick × lot must be a whole number of quote units`);
    }
    this.unitNotional = (tickSize * lotSize) / scale;
    if (
      !isCount(spec.maxPriceTicks, MAX_PRICE_TICKS) ||
      !isCount(spec.maxOrderLots, MAX_ORDER_LOTS)
    ) {
      throw new RangeError(`${spec.symbol}: price and size limits out of range`);
    }
    for (const bps of [spec.makerFeeBps, spec.takerFeeBps, spec.bandBps]) {
      if (!isBps(bps)) throw new RangeError(`${spec.symbol}: basis points must be 0..10000`);
    }
    // Set once here, not through setFees: a fill reads them, and most markets never
    // change fees, so these fields keep the one value they were constructed with.
    this.makerFee = BigInt(spec.makerFeeBps);
    this.takerFee = BigInt(spec.takerFeeBps);
  }

  /** New maker and taker fees, from the next fill on (a journalled fee change). */
  setFees(makerFeeBps: number, takerFeeBps: number): void {
    if (!isBps(makerFeeBps) || !isBps(takerFeeBps)) {
      throw new RangeError(`${this.spec.symbol}: basis points must be 0..10000`);
    }
    this.spec.makerFeeBps = makerFeeBps;
    this.spec.takerFeeBps = takerFeeBps;
    this.makerFee = BigInt(makerFeeBps);
    this.takerFee = BigInt(takerFeeBps);
  }

  notional(ticks: number, lots: number): bigint {
    // Ticks times lots is a count, exact while it is a safe integer (nearly always): one
    // BigInt product instead of three on the engine's hottest path.
    const tickLots = ticks * lots;
    return Number.isSafeInteger(tickLots)
      ? BigInt(tickLots) * this.unitNotional
      : BigInt(ticks) * BigInt(lots) * this.unitNotional;
  }

  baseAmount(lots: number): bigint {
    return BigInt(lots) * this.spec.lotSize;
  }

  validPrice(ticks: number): boolean {
    return isCount(ticks, this.spec.maxPriceTicks);
  }

  validLots(lots: number): boolean {
    return isCount(lots, this.spec.maxOrderLots);
  }

  /** The furthest price a market order may reach from the best opposite `best`. */
  bandLimit(takerSide: 'buy' | 'sell', best: number): number {
    const reach = Math.floor((best * this.spec.bandBps) / 10_000);
    return takerSide === 'buy'
      ? Math.min(best + reach, this.spec.maxPriceTicks)
      : Math.max(best - reach, 1);
  }
}

/** Whether `bps` is a rate in whole basis points, 0 to 100%. */
export function isBps(bps: number): boolean {
  return Number.isInteger(bps) && bps >= 0 && bps <= 10_000;
}

function isCount(n: number, max: number): boolean {
  return Number.isSafeInteger(n) && n > 0 && n <= max;
}
