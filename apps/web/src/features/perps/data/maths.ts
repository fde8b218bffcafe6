import { Decimal } from '@meridian/core';
import type { PerpMarket, PerpPosition } from '@meridian/contract/calls/perps';
import { COIN_DECIMALS, entryAfter, estimatedLiquidation, inverseNotionalAt } from './inverse.ts';

/*
 * What the order form and the dialogs show before anything is sent: the cost of an order,
 * the most contracts the balance allows, and why an input cannot be sent. All on exact
 * decimals (packages/core Decimal): no figure here ever passes through a JS number. The
 * server decides for real; these only say in advance what it will answer.
 */

/** USDT has 6 decimals: margins and fees are rounded up to them, as the engine holds them. */
export const MONEY_DECIMALS = 6;
/**
 * The decimals of a market's money: USDT's for linear markets, the coin's (8) for inverse
 * ones, whose margins, fees and profits are in the coin.
 */
export function moneyDecimalsOf(market: Partial<Pick<PerpMarket, 'kind'>>): number {
  return market.kind === 'inverse' ? COIN_DECIMALS : MONEY_DECIMALS;
}
/** The contract's whole-contract quantity field (`^\d{1,9}$`). */
const CONTRACTS = /^\d{1,9}$/;

/** What the form reads of a market; without `kind` it is linear (as before issue 20). */
export type FormMarket = Pick<
  PerpMarket,
  'contractSize' | 'makerFeeRate' | 'takerFeeRate' | 'tiers' | 'maxContracts' | 'tickSize'
> &
  Partial<Pick<PerpMarket, 'kind'>>;

const ZERO = Decimal.fromUnits(0n, 0);

/** A decimal the user typed, or null when it is not a positive plain number. */
export function positive(text: string | null | undefined): Decimal | null {
  if (!text) return null;
  const value = Decimal.parse(text.trim());
  return value && value.sign() > 0 ? value : null;
}

const dec = (text: string) => Decimal.parse(text) ?? ZERO;
const up = (value: Decimal, decimals = MONEY_DECIMALS) => value.rescale(decimals, 'ceil');

/**
 * The notional of contracts at a price, in the market's margin coin: contracts × size ×
 * price (linear, USDT) or contracts × USD value ÷ price (inverse, the coin, rounded down
 * as the engine rounds it).
 */
export function notionalOf(market: FormMarket, contracts: bigint, price: Decimal): Decimal {
  if (market.kind === 'inverse') return inverseNotionalAt(market, contracts, price);
  return Decimal.fromUnits(contracts, 0).times(dec(market.contractSize)).times(price);
}

/** Whole contracts typed, or null (zero, fractions, signs and letters are not contracts). */
export function contractsOf(text: string): bigint | null {
  const trimmed = text.trim();
  if (!CONTRACTS.test(trimmed)) return null;
  const value = BigInt(trimmed);
  return value > 0n ? value : null;
}

/** Base coin of a number of contracts: contracts × contract size. */
export function baseSize(contracts: bigint, market: Pick<FormMarket, 'contractSize'>): string {
  return Decimal.fromUnits(contracts, 0).times(dec(market.contractSize)).toString();
}

export interface OrderCost {
  /** In the margin coin: contracts × contract size × price (inverse: × value ÷ price). */
  notional: string;
  /** What opens (contracts beyond an opposite position) ÷ leverage, rounded up. */
  margin: string;
  /** Notional × the fee rate (taker, or maker for post-only), rounded up. */
  fee: string;
  /** Margin + fee: what the available balance must hold. */
  cost: string;
}

/** A position the order meets: contracts on the other side close before any open. */
export interface HeldPosition {
  side: PerpPosition['side'];
  contracts: number;
  /** Its notional at the mark price (for the tier the total lands in). */
  notional?: string;
  /** Its entry, margin and mode (for the liquidation estimate of what it becomes). */
  entryPrice?: string;
  margin?: string;
  marginMode?: PerpPosition['marginMode'];
}

const closes = (side: 'buy' | 'sell', position: HeldPosition | null | undefined) =>
  position != null && (position.side === 'long') !== (side === 'buy');

/** The contracts of an order that open (or add to) a position rather than close one. */
export function openingContracts(
  side: 'buy' | 'sell',
  contracts: bigint,
  position?: HeldPosition | null,
): bigint {
  if (!closes(side, position)) return contracts;
  const left = contracts - BigInt(position!.contracts);
  return left > 0n ? left : 0n;
}

export function feeRateOf(market: FormMarket, postOnly: boolean): Decimal {
  return dec(postOnly ? market.makerFeeRate : market.takerFeeRate);
}

/**
 * The cost of an order at a price: initial margin of what opens plus the fee on all of it.
 * Null until the price is known.
 */
export function orderCost(input: {
  market: FormMarket;
  side: 'buy' | 'sell';
  contracts: bigint;
  price: Decimal | null;
  leverage: number;
  postOnly?: boolean;
  reduceOnly?: boolean;
  position?: HeldPosition | null;
}): OrderCost | null {
  const { market, price, contracts } = input;
  if (!price || price.sign() <= 0 || input.leverage < 1) return null;
  const decimals = moneyDecimalsOf(market);
  const notional = notionalOf(market, contracts, price);
  const opening = input.reduceOnly
    ? 0n
    : openingContracts(input.side, contracts, input.position);
  const openNotional = notionalOf(market, opening, price);
  const margin = openNotional.dividedBy(
    Decimal.fromUnits(BigInt(input.leverage), 0),
    decimals,
    'ceil',
  );
  const fee = up(notional.times(feeRateOf(market, input.postOnly ?? false)), decimals);
  return {
    notional: notional.toString(),
    margin: margin.toString(),
    fee: fee.toString(),
    cost: margin.plus(fee).toString(),
  };
}

/**
 * Where the isolated position an order leaves would be liquidated (the core formula of
 * its kind): a new one with the margin the order opens with; one added to, at the
 * averaged entry with both margins; one reversed, as a new one of what opens. Null for a
 * cross position (the whole account decides), a reduce-only or partly closing order, or
 * before the price and the cost are known.
 */
export function liquidationPreview(input: {
  market: FormMarket;
  side: 'buy' | 'sell';
  contracts: bigint;
  price: Decimal | null;
  marginMode: PerpPosition['marginMode'];
  reduceOnly?: boolean;
  cost: OrderCost | null;
  position?: HeldPosition | null;
}): string | null {
  const { market, price, cost, position } = input;
  if (!price || !cost || input.reduceOnly || input.marginMode !== 'isolated') return null;
  const side = input.side === 'buy' ? 'long' : 'short';
  const opening = openingContracts(input.side, input.contracts, position);
  if (opening <= 0n) return null;
  if (!position || closes(input.side, position))
    return estimatedLiquidation({
      market,
      side,
      contracts: opening,
      entry: price,
      margin: cost.margin,
    });
  // Added to an isolated position: one margin, one averaged entry.
  if (position.marginMode !== 'isolated' || !position.entryPrice || !position.margin) return null;
  const held = BigInt(position.contracts);
  return estimatedLiquidation({
    market,
    side,
    contracts: held + opening,
    entry: entryAfter(market, side, held, position.entryPrice, opening, price),
    margin: dec(position.margin).plus(dec(cost.margin)).toString(),
  });
}

/**
 * The largest position notional at which a leverage is still allowed: the bound of the
 * last tier whose maximum leverage reaches it (null: no bound; zero: not allowed at all).
 */
export function notionalCapFor(tiers: FormMarket['tiers'], leverage: number): Decimal | null {
  let cap: Decimal | null = ZERO;
  for (const tier of tiers) {
    if (tier.maxLeverage < leverage) break;
    cap = tier.upTo === null ? null : dec(tier.upTo);
    if (cap === null) break;
  }
  return cap;
}

/** The highest leverage a position of this notional may use (the tier it falls in). */
export function maxLeverageAt(market: Pick<FormMarket, 'tiers'>, notional: string): number {
  const value = dec(notional);
  const tier =
    market.tiers.find((t) => t.upTo === null || value.compare(dec(t.upTo)) <= 0) ??
    market.tiers.at(-1);
  return tier?.maxLeverage ?? 1;
}

/**
 * The most contracts an order may have: what the available balance pays for (margin and
 * fee, each rounded as the engine rounds), within the tier that allows the leverage and
 * the market's order maximum. Contracts that close an opposite position cost only their
 * fee, so they come on top. Reduce-only: the position's contracts. Null without a price.
 */
export function maxContracts(input: {
  market: FormMarket;
  side: 'buy' | 'sell';
  price: Decimal | null;
  leverage: number;
  available: string | null;
  postOnly?: boolean;
  reduceOnly?: boolean;
  position?: HeldPosition | null;
}): bigint | null {
  const { market, price, position } = input;
  const limit = BigInt(market.maxContracts);
  const closing = closes(input.side, position) ? BigInt(position!.contracts) : 0n;
  if (input.reduceOnly) return closing < limit ? closing : limit;
  if (!price || input.available === null || input.leverage < 1) return null;
  const available = dec(input.available);
  if (available.sign() <= 0) return 0n;
  if (price.sign() <= 0) return null;
  const size = dec(market.contractSize);
  // One contract's notional in the margin coin: size × price, or (inverse) value ÷ price
  // unrounded, for the estimate.
  const perContract =
    market.kind === 'inverse' ? size.dividedBy(price, 18, 'ceil') : size.times(price);
  if (perContract.sign() <= 0) return null;
  const decimals = moneyDecimalsOf(market);
  const rate = feeRateOf(market, input.postOnly ?? false);
  // Per contract opened: its notional × (1 / leverage + fee rate); an estimate first,
  // then corrected against the exact rounded cost.
  const leverage = Decimal.fromUnits(BigInt(input.leverage), 0);
  const unit = perContract.dividedBy(leverage, 18, 'ceil').plus(perContract.times(rate));
  const closingFee = up(notionalOf(market, closing, price).times(rate), decimals);
  const left = available.minus(closingFee);
  let opening = left.sign() <= 0 ? 0n : left.dividedBy(unit, 0, 'floor').units;
  // The tier: the position after the order must stay where this leverage is allowed.
  const cap = notionalCapFor(market.tiers, input.leverage);
  if (cap !== null) {
    const held = !closes(input.side, position) && position?.notional ? dec(position.notional) : ZERO;
    const room = cap.minus(held);
    const byTier = room.sign() <= 0 ? 0n : room.dividedBy(perContract, 0, 'floor').units;
    if (byTier < opening) opening = byTier;
  }
  const cost = (n: bigint) =>
    orderCost({ ...input, contracts: n + closing, price, reduceOnly: false })!;
  while (opening > 0n && dec(cost(opening).cost).gt(available)) opening -= 1n;
  const total = opening + closing;
  return total < limit ? total : limit;
}

/* ------------------------------------------------------------------ order form checks */

export type OrderProblem =
  | 'contracts'
  | 'tooMany'
  | 'price'
  | 'tick'
  | 'trigger'
  | 'balance'
  | 'reduceOnly';

/** What stops an order being sent, first problem first; null when it can be reviewed. */
export function orderProblem(input: {
  market: FormMarket;
  type: 'limit' | 'market' | 'stop_market' | 'stop_limit';
  contracts: string;
  price: string;
  triggerPrice: string;
  max: bigint | null;
  reduceOnly: boolean;
  closable: bigint;
}): OrderProblem | null {
  const contracts = contractsOf(input.contracts);
  if (contracts === null) return 'contracts';
  if (contracts > BigInt(input.market.maxContracts)) return 'tooMany';
  const needsPrice = input.type === 'limit' || input.type === 'stop_limit';
  if (needsPrice) {
    const price = positive(input.price);
    if (!price) return 'price';
    if (!onTick(price, input.market.tickSize)) return 'tick';
  }
  if (input.type === 'stop_market' || input.type === 'stop_limit') {
    const trigger = positive(input.triggerPrice);
    if (!trigger) return 'trigger';
    if (!onTick(trigger, input.market.tickSize)) return 'tick';
  }
  if (input.reduceOnly && contracts > input.closable) return 'reduceOnly';
  if (input.max !== null && contracts > input.max) return 'balance';
  return null;
}

/** Whether a price is a whole number of ticks. */
export function onTick(price: Decimal, tickSize: string): boolean {
  const tick = positive(tickSize);
  return !tick || price.floorToStep(tick).eq(price);
}

/* ------------------------------------------------------------------ dialog checks */

export type LeverageProblem = 'whole' | 'range' | 'tier';

/** A leverage the user picked: whole, 1 to the market's maximum, and within the tier. */
export function leverageProblem(
  text: string,
  market: Pick<FormMarket, 'tiers'> & { maxLeverage: number },
  positionNotional: string | null,
): LeverageProblem | null {
  if (!/^\d{1,3}$/.test(text.trim())) return 'whole';
  const value = Number.parseInt(text, 10); // a leverage, not money
  if (value < 1 || value > market.maxLeverage) return 'range';
  if (positionNotional && value > maxLeverageAt(market, positionNotional)) return 'tier';
  return null;
}

export type StopProblem =
  | 'none'
  | 'takeProfitPrice'
  | 'stopLossPrice'
  | 'takeProfitSide'
  | 'stopLossSide';

/**
 * Take-profit and stop-loss of a position: at least one, each a positive price, the
 * take-profit on the profitable side of the reference price (mark or last) and the
 * stop-loss on the losing side, as they would otherwise trigger at once.
 */
export function stopProblem(input: {
  side: PerpPosition['side'];
  reference: string | null;
  takeProfit: string;
  stopLoss: string;
}): StopProblem | null {
  const tpText = input.takeProfit.trim();
  const slText = input.stopLoss.trim();
  if (!tpText && !slText) return 'none';
  const tp = tpText ? positive(tpText) : null;
  const sl = slText ? positive(slText) : null;
  if (tpText && !tp) return 'takeProfitPrice';
  if (slText && !sl) return 'stopLossPrice';
  const reference = input.reference ? Decimal.parse(input.reference) : null;
  if (!reference) return null;
  const long = input.side === 'long';
  if (tp && (long ? !tp.gt(reference) : !tp.lt(reference))) return 'takeProfitSide';
  if (sl && (long ? !sl.lt(reference) : !sl.gt(reference))) return 'stopLossSide';
  return null;
}

export type MarginProblem = 'amount' | 'decimals' | 'available' | 'removable';

/** A position with the kind of its market (linear when not said). */
type MarginPosition = Pick<PerpPosition, 'margin' | 'notional' | 'leverage'> &
  Partial<Pick<PerpMarket, 'kind'>>;

/**
 * Margin moved in or out of an isolated position: a positive amount of at most the margin
 * coin's decimals (6 for USDT, 8 for an inverse market's coin); in, at most what is available; out, at most what is above the initial margin
 * (notional ÷ leverage, rounded up).
 */
export function marginProblem(input: {
  flag: 'add' | 'remove';
  amount: string;
  available: string | null;
  position: MarginPosition;
}): MarginProblem | null {
  const amount = positive(input.amount);
  if (!amount) return 'amount';
  if (amount.decimalPlaces() > moneyDecimalsOf(input.position)) return 'decimals';
  if (input.flag === 'add') {
    if (input.available !== null && amount.gt(dec(input.available))) return 'available';
    return null;
  }
  if (amount.gt(dec(removableMargin(input.position)))) return 'removable';
  return null;
}

/** Margin above the initial margin: what may leave an isolated position. */
export function removableMargin(position: MarginPosition) {
  const initial = dec(position.notional).dividedBy(
    Decimal.fromUnits(BigInt(position.leverage), 0),
    moneyDecimalsOf(position),
    'ceil',
  );
  const left = dec(position.margin).minus(initial);
  return (left.sign() > 0 ? left : ZERO).toString();
}

/* ------------------------------------------------------------------ position figures */

/** The sign of a decimal string: what colours PnL and ROE (never a JS number). */
export function signOf(value: string | null | undefined): 'up' | 'down' | 'flat' {
  const parsed = value ? Decimal.parse(value) : null;
  if (!parsed) return 'flat';
  const s = parsed.sign();
  return s > 0 ? 'up' : s < 0 ? 'down' : 'flat';
}

export type GaugeLevel = 'safe' | 'warn' | 'danger';

/**
 * The margin-ratio gauge: the ratio as a whole percent from 0 to 100 for the bar's width
 * (a pixel width, so a number is fine here), and a level: below 50 % safe, below 80 %
 * warn, then danger (100 % liquidates).
 */
export function gaugeOf(marginRatio: string): { percent: number; level: GaugeLevel } {
  const ratio = Decimal.parse(marginRatio) ?? ZERO;
  const hundredths = ratio.times(Decimal.fromUnits(100n, 0)).rescale(0, 'floor');
  const clamped = hundredths.sign() < 0 ? 0n : hundredths.units > 100n ? 100n : hundredths.units;
  const percent = Number(clamped); // 0..100, a bar width
  const level: GaugeLevel = percent >= 80 ? 'danger' : percent >= 50 ? 'warn' : 'safe';
  return { percent, level };
}

/** A rate fraction ("0.0001") as percent text ("0.01") at a number of decimals. */
export function ratePercent(rate: string | null | undefined, decimals = 4): string | null {
  const value = rate ? Decimal.parse(rate) : null;
  if (!value) return null;
  return value.times(Decimal.fromUnits(100n, 0)).toFixed(decimals, 'half-even');
}

/** Milliseconds to the next funding as hh:mm:ss (never negative). */
export function countdown(nextFundingTime: number, now: number): string {
  const left = Math.max(0, Math.floor((nextFundingTime - now) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(left / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
}
