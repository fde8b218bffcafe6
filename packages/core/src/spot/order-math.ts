import {
  compare,
  divide,
  exact,
  floorToStep,
  minus,
  rescale,
  text,
  times,
  type Exact,
} from './exact.ts';
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

const HUNDRED: Exact = { units: 100n, scale: 0 };
const percentOf = (value: Exact, percent: number, scale: number) =>
  divide(times(value, { units: BigInt(percent), scale: 0 }), HUNDRED, scale);

const lotOf = (m: MarketMaths): Exact =>
  exact(m.lotSize) ?? { units: 1n, scale: m.quantityDecimals };

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
  if (!share) return null;
  let quantity: Exact;
  if (input.side === 'buy') {
    const price = exact(input.price);
    if (!price || price.units === 0n) return null;
    const q = divide(share, price, input.market.quantityDecimals + 8);
    if (!q) return null;
    quantity = q;
  } else {
    quantity = share;
  }
  return text(floorToStep(quantity, lotOf(input.market)), input.market.quantityDecimals);
}

/** A share of the quote balance to spend on a market buy by amount, down to the tick. */
export function amountForPercent(
  available: string,
  percent: number,
  market: MarketMaths,
): string | null {
  const value = exact(available);
  if (!value || !Number.isInteger(percent)) return null;
  const share = percentOf(value, percent, amountDecimals(market));
  return share ? text(share, amountDecimals(market)) : null;
}

/** The fee on an amount at a rate, rounded down as the engine takes it. */
export function feeOn(amount: Exact, rate: string | null, decimals: number): Exact | null {
  const r = exact(rate);
  if (!r) return null;
  return rescale(times(amount, r), decimals);
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

const nonZero = (value: Exact | null): value is Exact => value !== null && value.units > 0n;

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
  let value: Exact | null = null;
  let base: Exact | null = null;
  if (byAmount) {
    value = nonZero(amount) ? amount : null;
    base = value && nonZero(price) ? divide(value, price, qd) : null;
  } else if (nonZero(quantity)) {
    base = quantity;
    value = nonZero(price) ? times(price, quantity) : null;
  }
  const valueExact = input.kind !== 'market' || byAmount;
  const feeRate = market.takerFeeRate;
  const fee =
    input.side === 'buy'
      ? base && feeOn(base, feeRate, qd + 8)
      : value && feeOn(value, feeRate, pd + qd);
  const received = input.side === 'buy' ? base : value;
  const receive = received && fee ? minus(received, fee) : null;
  const spend = input.side === 'buy' ? value : base;
  const after = available && spend ? minus(available, spend) : null;

  const minimum = exact(market.minNotional);
  const field = byAmount ? 'amount' : 'quantity';
  if (valueExact && value && minimum && compare(value, minimum) < 0) errors[field] ??= 'minValue';
  if (after && after.units < 0n) errors[field] ??= 'balance';

  const complete =
    (input.kind === 'market' || nonZero(price)) && (byAmount ? nonZero(amount) : nonZero(quantity));
  return {
    value: value ? text(value) : null,
    valueEstimated: !valueExact,
    fee: fee ? text(fee) : null,
    receive: receive && receive.units >= 0n ? text(receive) : null,
    available: available ? text(available) : null,
    after: after ? text(after) : null,
    errors,
    ready: complete && Object.keys(errors).length === 0 && available !== null,
  };
}

/** "0.001" -> "0.10%": a fee rate as the percentage users read. */
export function ratePercent(rate: string | null): string | null {
  const r = exact(rate);
  if (!r) return null;
  return `${text(times(r, { units: 100n, scale: 0 }), 2)}%`;
}
