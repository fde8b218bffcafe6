import type { Side } from '../book/order-book.ts';
import { readAmount, type AmountRejection } from '../ledger/assets.ts';
import type { OrderKind, PlaceCommand, TimeInForce } from './commands.ts';
import type { Market } from './market.ts';

/** An order as a user sends it: amounts as decimal strings. */
export interface OrderRequest {
  user: string;
  market: string;
  side: Side;
  kind: OrderKind;
  tif?: TimeInForce;
  price?: string;
  quantity?: string;
  /** Market buy only: how much quote to spend instead of a quantity. */
  quoteAmount?: string;
  stopPrice?: string;
  /** The caller's reference (an Idempotency-Key), journalled with the order. */
  clientRef?: string;
  /** The caller's own order id (`ClientOrderIds`). */
  clientOrderId?: string;
}

export type RequestRejection =
  AmountRejection | 'unknown_market' | 'invalid_order' | 'zero' | 'off_tick' | 'off_lot';

export type PlaceFields = Omit<PlaceCommand, 'type' | 'seq' | 'ts'>;

export type RequestResult =
  { ok: true; fields: PlaceFields } | { ok: false; field: string; reason: RequestRejection };

/**
 * Turns decimal strings into ticks and lots, refusing what the market cannot represent:
 * bad numbers, zero, too many decimals, off-tick, off-lot, too large. Limits that depend
 * on the book or balances are the engine's to check.
 */
export function readOrderRequest(market: Market | undefined, req: OrderRequest): RequestResult {
  if (!market) return { ok: false, field: 'market', reason: 'unknown_market' };
  const { spec } = market;
  const tif = req.tif ?? (req.kind === 'market' ? 'IOC' : 'GTC');
  const fields: PlaceFields = {
    user: req.user,
    market: spec.symbol,
    side: req.side,
    kind: req.kind,
    tif,
    price: 0,
    lots: 0,
    quote: 0n,
    stop: 0,
    ...(req.clientRef ? { clientRef: req.clientRef } : {}),
    ...(req.clientOrderId ? { clientOrderId: req.clientOrderId } : {}),
  };
  if (req.kind === 'market' && req.quoteAmount !== undefined) {
    if (req.side !== 'buy' || req.quantity !== undefined) {
      return { ok: false, field: 'quoteAmount', reason: 'invalid_order' };
    }
    const quote = readAmount(spec.quote, req.quoteAmount);
    if (!quote.ok) return { ok: false, field: 'quoteAmount', reason: quote.reason };
    if (quote.units === 0n) return { ok: false, field: 'quoteAmount', reason: 'zero' };
    fields.quote = quote.units;
    return { ok: true, fields };
  }
  const lots = readSteps(spec.base, req.quantity, spec.lotSize, spec.maxOrderLots, 'off_lot');
  if (typeof lots !== 'number') return { ok: false, field: 'quantity', reason: lots };
  fields.lots = lots;
  if (req.kind !== 'market') {
    const price = readSteps(spec.quote, req.price, spec.tickSize, spec.maxPriceTicks, 'off_tick');
    if (typeof price !== 'number') return { ok: false, field: 'price', reason: price };
    fields.price = price;
  }
  if (req.kind === 'stop_limit') {
    const stop = readSteps(
      spec.quote,
      req.stopPrice,
      spec.tickSize,
      spec.maxPriceTicks,
      'off_tick',
    );
    if (typeof stop !== 'number') return { ok: false, field: 'stopPrice', reason: stop };
    fields.stop = stop;
  }
  return { ok: true, fields };
}

function readSteps(
  asset: { code: string; decimals: number; maxAmount: bigint },
  text: string | undefined,
  step: bigint,
  maxSteps: number,
  offStep: 'off_tick' | 'off_lot',
): number | RequestRejection {
  if (text === undefined) return 'invalid_number';
  const amount = readAmount(asset, text);
  if (!amount.ok) return amount.reason;
  if (amount.units === 0n) return 'zero';
  if (amount.units % step !== 0n) return offStep;
  const steps = amount.units / step;
  return steps > BigInt(maxSteps) ? 'too_large' : Number(steps);
}
