import { Decimal } from '../decimal.ts';
import type { Side } from '../book/order-book.ts';
import type { OrderKind } from '../matching/commands.ts';

/** What the form needs to know about one market's rules. */
export interface MarketMaths {
  priceDecimals: number;
  quantityDecimals: number;
  /** Smallest quantity step; null when the rules are not published (yet). */
  lotSize: string | null;
  minNotional: string | null;
  makerFeeRate: string | null;
  takerFeeRate: string | null;
}

/** Decimals of a quote amount (a market buy by value): the quote's price precision. */
export const amountDecimals = (m: MarketMaths) => m.priceDecimals;

/** A field or rule as text: a plain decimal without a sign; anything else, "-0" too, is null. */
const exact = (text: string | null | undefined) =>
  text && !text.startsWith('-') ? Decimal.parse(text) : null;

const HUNDRED = Decimal.fromUnits(100n, 0);
const percentOf = (value: Decimal, percent: number, scale: number) =>
  value.times(Decimal.fromUnits(BigInt(percent), 0)).dividedBy(HUNDRED, scale, 'down');

/** Without a published lot (or with a zero one) the step is one unit of the last decimal. */
function lotOf(m: MarketMaths): Decimal {
  const lot = exact(m.lotSize);
  return lot && !lot.isZero() ? lot : Decimal.fromUnits(1n, m.quantityDecimals);
}

/**
 * The largest quantity a share of the balance buys or sells. A buy spends the quote:
 * available × percent ÷ price; a sell gives the base: available × percent. Both round
 * DOWN to the lot, so the quantity never asks for more than the balance holds.
 */
export function quantityForPercent(input: {
  side: Side;
  percent: number;
  available: string;
  price: string | null;
  market: MarketMaths;
}): string | null {
  const available = exact(input.available);
  if (!available || !Number.isInteger(input.percent)) return null;
  // A percentage of a balance has at most two more decimals than the balance.
  const share = percentOf(available, input.percent, available.scale + 2);
  let quantity = share;
  if (input.side === 'buy') {
    const price = exact(input.price);
    if (!price || price.isZero()) return null;
    quantity = share.dividedBy(price, input.market.quantityDecimals + 8, 'down');
  }
  const lots = quantity.floorToStep(lotOf(input.market));
  return lots.toFixed(input.market.quantityDecimals, 'down');
}

/** A share of the quote balance to spend on a market buy by amount, down to the tick. */
export function amountForPercent(
  available: string,
  percent: number,
  market: MarketMaths,
): string | null {
  const value = exact(available);
  if (!value || !Number.isInteger(percent)) return null;
  const decimals = amountDecimals(market);
  return percentOf(value, percent, decimals).toFixed(decimals, 'down');
}

/** The fee on an amount at a rate, rounded down as the engine takes it. */
export function feeOn(amount: Decimal, rate: string | null, decimals: number): Decimal | null {
  return exact(rate)?.times(amount).rescale(decimals, 'down') ?? null;
}

export interface OrderInput {
  side: Side;
  kind: OrderKind;
  price: string;
  quantity: string;
  /** Market buy by value instead of quantity. */
  quoteAmount: string;
  useAmount: boolean;
  /** Last trade price, to estimate a market order. */
  lastPrice: string | null;
  /** What the user can spend now: quote for a buy, base for a sell; null for a visitor. */
  available: string | null;
}

export type FieldError = 'zero' | 'minValue' | 'balance';

export interface OrderSummary {
  /** Order value in the quote coin (exact, or estimated at the last price for a market order). */
  value: string | null;
  valueEstimated: boolean;
  /** Fee in what the order receives, at the taker rate: the most it can be. */
  fee: string | null;
  /** What the order receives after the fee: base for a buy, quote for a sell. */
  receive: string | null;
  available: string | null;
  /** The balance left once the order holds what it spends. */
  after: string | null;
  errors: { price?: FieldError; quantity?: FieldError; amount?: FieldError };
  /** True when the inputs make a complete order that passes every check here. */
  ready: boolean;
}

const nonZero = (value: Decimal | null): value is Decimal => value !== null && value.sign() > 0;

/**
 * What the form shows before sending, from the typed strings and the market's rules,
 * computed exactly: value, fee, what is received, the balance now and after, and the
 * faults to show under the fields (zero, below the minimum value, not enough balance).
 */
export function summarise(input: OrderInput, market: MarketMaths): OrderSummary {
  const pd = market.priceDecimals;
  const qd = market.quantityDecimals;
  const errors: OrderSummary['errors'] = {};
  const byAmount = input.kind === 'market' && input.side === 'buy' && input.useAmount;
  const price = input.kind === 'market' ? exact(input.lastPrice) : exact(input.price);
  const quantity = exact(input.quantity);
  const amount = exact(input.quoteAmount);
  const available = exact(input.available);

  if (input.kind !== 'market' && input.price !== '' && !nonZero(price)) errors.price = 'zero';
  if (byAmount) {
    if (input.quoteAmount !== '' && !nonZero(amount)) errors.amount = 'zero';
  } else if (input.quantity !== '' && !nonZero(quantity)) errors.quantity = 'zero';

  // Value in quote; base quantity; either may only be estimated at the last price.
  let value: Decimal | null = null;
  let base: Decimal | null = null;
  if (byAmount) {
    value = nonZero(amount) ? amount : null;
    base = value && nonZero(price) ? value.dividedBy(price, qd, 'down') : null;
  } else if (nonZero(quantity)) {
    base = quantity;
    value = nonZero(price) ? price.times(quantity) : null;
  }
  const valueExact = input.kind !== 'market' || byAmount;
  const feeRate = market.takerFeeRate;
  const fee =
    input.side === 'buy'
      ? base && feeOn(base, feeRate, qd + 8)
      : value && feeOn(value, feeRate, pd + qd);
  const received = input.side === 'buy' ? base : value;
  const receive = received && fee ? received.minus(fee) : null;
  const spend = input.side === 'buy' ? value : base;
  const after = available && spend ? available.minus(spend) : null;

  const minimum = exact(market.minNotional);
  const field = byAmount ? 'amount' : 'quantity';
  if (valueExact && value && minimum && value.lt(minimum)) errors[field] ??= 'minValue';
  if (after && after.sign() < 0) errors[field] ??= 'balance';

  const complete =
    (input.kind === 'market' || nonZero(price)) && (byAmount ? nonZero(amount) : nonZero(quantity));
  return {
    value: value?.toString() ?? null,
    valueEstimated: !valueExact,
    fee: fee?.toString() ?? null,
    receive: receive && receive.sign() >= 0 ? receive.toString() : null,
    available: available?.toString() ?? null,
    after: after?.toString() ?? null,
    errors,
    ready: complete && Object.keys(errors).length === 0 && available !== null,
  };
}

/** "0.001" -> "0.10%": a fee rate as the percentage users read. */
export function ratePercent(rate: string | null): string | null {
  const r = exact(rate);
  return r ? `${r.times(HUNDRED).toFixed(2, 'down')}%` : null;
}
