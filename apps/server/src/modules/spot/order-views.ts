import type { Selectable } from 'kysely';
import type { SpotFill, SpotOrder } from '@meridian/contract';
import { formatUnits, parseUnits, type MarketSpec } from '@meridian/core';
import type { EngineTables } from '../../engine/tables.ts';

export type OrderRow = Selectable<EngineTables['trade_orders']>;
export type FillRow = Selectable<EngineTables['trade_fills']>;

interface Units {
  base: number;
  quote: number;
  baseCoin: string;
  quoteCoin: string;
}

/** A market's spec by symbol (the engine's: every market an order row can name). */
export type SpecOf = (symbol: string) => MarketSpec;

function unitsOf(spec: MarketSpec): Units {
  return {
    base: spec.base.decimals,
    quote: spec.quote.decimals,
    baseCoin: spec.base.code,
    quoteCoin: spec.quote.code,
  };
}

/** Price × quantity in quote minor units; exact, since tick × lot is whole quote units. */
function valueUnits(u: Units, price: string, quantity: string): bigint {
  return (parseUnits(price, u.quote) * parseUnits(quantity, u.base)) / 10n ** BigInt(u.base);
}

/** One fill as the owner of `orderId` sees it. */
export function fillView(
  row: FillRow,
  orderId: string,
  side: 'buy' | 'sell',
  specOf: SpecOf,
): SpotFill {
  const u = unitsOf(specOf(row.market));
  const maker = String(row.maker_order_id) === orderId;
  return {
    id: String(row.id),
    orderId,
    symbol: row.market,
    side,
    role: maker ? 'maker' : 'taker',
    price: row.price,
    quantity: row.quantity,
    value: formatUnits(valueUnits(u, row.price, row.quantity), u.quote),
    fee: maker ? row.maker_fee : row.taker_fee,
    // Fees are taken from what each side receives.
    feeCoin: side === 'buy' ? u.baseCoin : u.quoteCoin,
    time: Number(row.created_at),
  };
}

/** An order row and its fills, as both call families show it. */
export function orderView(row: OrderRow, fills: readonly FillRow[], specOf: SpecOf): SpotOrder {
  const u = unitsOf(specOf(row.market));
  const id = String(row.id);
  const side = row.side as SpotOrder['side'];
  let base = 0n;
  let value = 0n;
  let fee = 0n;
  const feeDecimals = side === 'buy' ? u.base : u.quote;
  for (const f of fills) {
    const mine = fillView(f, id, side, specOf);
    base += parseUnits(mine.quantity, u.base);
    value += parseUnits(mine.value, u.quote);
    fee += parseUnits(mine.fee, feeDecimals);
  }
  const open = row.status === 'open' || row.status === 'waiting';
  const status: SpotOrder['status'] = open
    ? base > 0n
      ? 'partial'
      : 'waiting'
    : (row.status as 'filled' | 'cancelled');
  const entrusted =
    row.price !== null && row.quantity !== null
      ? formatUnits(valueUnits(u, row.price, row.quantity), u.quote)
      : row.quote_amount;
  return {
    id,
    symbol: row.market,
    side,
    type: row.kind as SpotOrder['type'],
    timeInForce: row.tif as SpotOrder['timeInForce'],
    clientOrderId: row.client_order_id,
    price: row.price,
    quantity: row.quantity,
    quoteAmount: row.quote_amount,
    filledQuantity: formatUnits(base, u.base),
    filledValue: formatUnits(value, u.quote),
    // Rounded down to the quote asset's decimals.
    averagePrice: base > 0n ? formatUnits((value * 10n ** BigInt(u.base)) / base, u.quote) : null,
    triggerPrice: row.stop_price,
    triggered: Number(row.triggered) === 1,
    status,
    entrustedValue: entrusted,
    fee: formatUnits(fee, feeDecimals),
    feeCoin: side === 'buy' ? u.baseCoin : u.quoteCoin,
    time: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}
