import { OrderBook, type BookEntry, type Side } from '../book/order-book.ts';
import type { Asset } from '../ledger/assets.ts';
import {
  inverseArithmetic,
  linearArithmetic,
  type ContractArithmetic,
  type ContractKind,
} from './arithmetic.ts';
import type { TimeInForce } from '../matching/commands.ts';
import { BasisAverage } from './mark.ts';
import type { PositionSide } from './position.ts';
import type { MarginTier, ResolvedTier } from './tiers.ts';

export type MarginMode = 'isolated' | 'cross';
export type PerpOrderKind = 'limit' | 'market' | 'stop_market' | 'stop_limit';
export type PerpTrigger = 'mark' | 'last';
/** Who placed an order: the user, or the platform on the user's position. */
export type PerpOrderSource = 'user' | 'take_profit' | 'stop_loss' | 'close' | 'liquidation';

/**
 * A perpetual market as listed (journalled): prices in ticks of `tickSize` quote minor
 * units per whole base unit, quantities in whole contracts, rates in units of 10⁻⁸
 * (`RATE_ONE`). A linear contract is `contractSize` base minor units, margined in the
 * quote; an inverse one is worth `contractSize` quote minor units (USD), margined in the
 * base coin. Listings journalled before inverse contracts existed have no kind: linear.
 */
export interface PerpSpec {
  symbol: string;
  kind?: ContractKind;
  /** The spot market whose index the perpetual follows. */
  underlying: string;
  base: Asset;
  quote: Asset;
  contractSize: bigint;
  tickSize: bigint;
  maxOrderContracts: number;
  tiers: MarginTier[];
  makerFeeBps: number;
  takerFeeBps: number;
  fundingIntervalMs: number;
  interestRate: bigint;
  fundingCap: bigint;
  impactNotional: bigint;
  /** A market order fills at most this far from the mark (rate units). */
  protectionRate: bigint;
}

export interface PerpOrder extends BookEntry {
  id: number;
  slot: number;
  user: string;
  symbol: string;
  side: Side;
  kind: PerpOrderKind;
  tif: TimeInForce;
  /** Limit in ticks; for a market order the protection limit set when it runs. */
  price: number;
  contracts: number;
  remaining: number;
  reduceOnly: boolean;
  /** Trigger in ticks of a stop order, 0 otherwise. */
  stop: number;
  trigger: PerpTrigger;
  /** Margin and fee still held for what is open (0 for reduce-only orders). */
  hold: bigint;
  leverage: number;
  mode: MarginMode;
  source: PerpOrderSource;
  clientOrderId?: string;
}

export interface PriceTrigger {
  price: bigint;
  trigger: PerpTrigger;
}

/** A one-way position: one per owner and market. */
export interface Position {
  /** The id of the order whose fill opened it. */
  id: number;
  user: string;
  symbol: string;
  side: PositionSide;
  contracts: number;
  entry: bigint;
  /** Isolated: the position's margin; cross: the initial margin it took from the wallet. */
  margin: bigint;
  mode: MarginMode;
  leverage: number;
  realised: bigint;
  funding: bigint;
  openedAt: number;
  takeProfit?: PriceTrigger;
  stopLoss?: PriceTrigger;
  /** Isolated only: where the mark liquidates it (null: nowhere), kept as it changes. */
  liquidation: bigint | null;
}

export interface Setting {
  leverage: number;
  mode: MarginMode;
}

/** The owner that takes liquidated positions over: the insurance fund. */
export const INSURANCE_OWNER = 'insurance';

export const DEFAULT_SETTING: Setting = { leverage: 10, mode: 'isolated' };

/** One perpetual market's live state. */
export class PerpMarket {
  readonly book = new OrderBook<PerpOrder>();
  readonly live = new Map<number, PerpOrder>();
  stops: PerpOrder[] = [];
  /** Positions by owner. */
  readonly positions = new Map<string, Position>();
  lastPrice = 0n;
  index = 0n;
  mark = 0n;
  readonly basis = new BasisAverage();
  /** Premium samples of the current funding interval, one a minute, and the last minute sampled. */
  premiums: bigint[] = [];
  sampledMinute = -1;
  lastFundingRate: bigint | null = null;
  nextFundingTime: number;
  paused = false;
  readonly tiers: ResolvedTier[];
  readonly baseScale: bigint;
  readonly arithmetic: ContractArithmetic;
  /** The coin margins, fees, funding and profits are paid in. */
  readonly margin: Asset;

  constructor(
    readonly spec: PerpSpec,
    tiers: ResolvedTier[],
    listedAt: number,
  ) {
    this.tiers = tiers;
    this.baseScale = 10n ** BigInt(spec.base.decimals);
    const inverse = spec.kind === 'inverse';
    this.arithmetic = inverse
      ? inverseArithmetic(spec.contractSize, this.baseScale)
      : linearArithmetic(spec.contractSize, this.baseScale);
    this.margin = inverse ? spec.base : spec.quote;
    const interval = spec.fundingIntervalMs;
    this.nextFundingTime = Math.floor(listedAt / interval) * interval + interval;
  }

  priceOf(ticks: number): bigint {
    return BigInt(ticks) * this.spec.tickSize;
  }

  /** Contracts × contract size: base minor units (linear) or USD minor units (inverse). */
  sizeOf(contracts: number): bigint {
    return BigInt(contracts) * this.spec.contractSize;
  }

  /** In the margin coin. */
  notional(contracts: number, price: bigint): bigint {
    return this.arithmetic.notional(contracts, price);
  }

  /** Ticks at or below a price (`up`: at or above). */
  ticksOf(price: bigint, up: boolean): number {
    const t = this.spec.tickSize;
    return Number(up ? (price + t - 1n) / t : price / t);
  }
}
