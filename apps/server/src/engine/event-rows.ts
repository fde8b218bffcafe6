import { formatUnits, type CancelReason, type EngineEvent, type MarketSpec } from '@meridian/core';
import type { Insertable } from 'kysely';
import type { EngineTables } from './tables.ts';

type Accepted = Extract<EngineEvent, { type: 'accepted' }>;
type Trade = Extract<EngineEvent, { type: 'trade' }>;

/** Every column given: insertable, and readable as a selected row. */
export type OrderRowFields = Required<Insertable<EngineTables['trade_orders']>>;
export type FillRowFields = Required<Insertable<EngineTables['trade_fills']>>;

/** A price in ticks as the decimal text the tables and answers show. */
export function priceText(spec: MarketSpec, ticks: number): string {
  return formatUnits(BigInt(ticks) * spec.tickSize, spec.quote.decimals);
}

/** A size in lots as decimal text in the base asset. */
export function quantityText(spec: MarketSpec, lots: number): string {
  return formatUnits(BigInt(lots) * spec.lotSize, spec.base.decimals);
}

/**
 * The `trade_orders` row an accepted order starts as. One reading of the event: the
 * projector writes it, and an order answered straight from its acknowledgement shows
 * exactly what the lists will show once the projection catches up.
 */
export function acceptedOrderRow(e: Accepted, spec: MarketSpec, ts: number): OrderRowFields {
  return {
    id: e.orderId,
    market: e.market,
    user_id: e.user,
    side: e.side,
    kind: e.kind,
    tif: e.tif,
    price: e.kind === 'market' ? null : priceText(spec, e.price),
    quantity: e.lots > 0 ? quantityText(spec, e.lots) : null,
    quote_amount: e.quote > 0n ? formatUnits(e.quote, spec.quote.decimals) : null,
    stop_price: e.stop > 0 ? priceText(spec, e.stop) : null,
    filled: '0',
    filled_lots: 0,
    status: e.kind === 'stop_limit' ? 'waiting' : 'open',
    cancel_reason: null,
    triggered: e.kind === 'stop_limit' ? 0 : 1,
    client_ref: e.clientRef ?? null,
    client_order_id: e.clientOrderId ?? null,
    wallet: e.wallet ?? null,
    created_at: ts,
    updated_at: ts,
  };
}

/** A trade's price, quantity and value in minor units, and as the text answers show. */
export interface TradeAmounts {
  price: bigint;
  quantity: bigint;
  /** Quote minor units, rounded down. */
  value: bigint;
  priceText: string;
  quantityText: string;
}

/** The one reading of a trade event's amounts: fill rows, user events and market data. */
export function tradeAmounts(spec: MarketSpec, e: Trade): TradeAmounts {
  const price = BigInt(e.price) * spec.tickSize;
  const quantity = BigInt(e.lots) * spec.lotSize;
  return {
    price,
    quantity,
    value: (price * quantity) / 10n ** BigInt(spec.base.decimals),
    priceText: formatUnits(price, spec.quote.decimals),
    quantityText: formatUnits(quantity, spec.base.decimals),
  };
}

/** What a lifecycle event does to its order's row. */
export interface OrderEffect {
  orderId: number;
  status: 'open' | 'filled' | 'cancelled';
  /** A stop order whose trigger fired. */
  triggered?: true;
  reason?: CancelReason;
}

/**
 * The one reading of the events that move an order through its states: the projection
 * writes it, and an order answered from its acknowledgement applies the same.
 */
export function orderEffect(e: EngineEvent): OrderEffect | undefined {
  switch (e.type) {
    case 'triggered':
      return { orderId: e.orderId, status: 'open', triggered: true };
    case 'filled':
      return { orderId: e.orderId, status: 'filled' };
    case 'cancelled':
      return { orderId: e.orderId, status: 'cancelled', reason: e.reason };
    default:
      return undefined;
  }
}

/** The `trade_fills` row of a trade; fees in the asset each side received. */
export function tradeFillRow(e: Trade, spec: MarketSpec, seq: number, ts: number): FillRowFields {
  const feeDecimals = (buyer: boolean) => (buyer ? spec.base : spec.quote).decimals;
  const makerBuys = e.takerSide === 'sell';
  const amounts = tradeAmounts(spec, e);
  return {
    id: e.tradeId,
    market: e.market,
    price: amounts.priceText,
    price_units: amounts.price.toString(),
    quantity: amounts.quantityText,
    quantity_units: amounts.quantity.toString(),
    taker_side: e.takerSide,
    maker_order_id: e.makerOrderId,
    taker_order_id: e.takerOrderId,
    maker_user_id: e.makerUser,
    taker_user_id: e.takerUser,
    maker_fee: formatUnits(e.makerFee, feeDecimals(makerBuys)),
    taker_fee: formatUnits(e.takerFee, feeDecimals(!makerBuys)),
    seq,
    created_at: ts,
  };
}
