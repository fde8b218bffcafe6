import type { SpotOrder } from '@meridian/contract';
import { formatUnits, type EngineEvent } from '@meridian/core';
import { listedMarket } from '../markets/index.ts';
import { orderView, type FillRow, type OrderRow } from './order-views.ts';

/**
 * The order a place command created, read from its acknowledgement: the same rows the
 * SQL projection writes for it (see sql-projector.ts), so the answer matches what the
 * order lists show once they catch up, without making the caller wait for them. The ack
 * comes only after the journal fsync, so nothing shown here can be taken back.
 */
export function placedOrder(events: readonly EngineEvent[], ts: number): SpotOrder | undefined {
  const accepted = events.find((e) => e.type === 'accepted');
  if (!accepted || accepted.type !== 'accepted') return undefined;
  const { spec } = listedMarket(accepted.market)!;
  const price = (ticks: number) => formatUnits(BigInt(ticks) * spec.tickSize, spec.quote.decimals);
  const quantity = (lots: number) => formatUnits(BigInt(lots) * spec.lotSize, spec.base.decimals);
  const id = accepted.orderId;
  const row: OrderRow = {
    id,
    market: accepted.market,
    user_id: accepted.user,
    side: accepted.side,
    kind: accepted.kind,
    tif: accepted.tif,
    price: accepted.kind === 'market' ? null : price(accepted.price),
    quantity: accepted.lots > 0 ? quantity(accepted.lots) : null,
    quote_amount: accepted.quote > 0n ? formatUnits(accepted.quote, spec.quote.decimals) : null,
    stop_price: accepted.stop > 0 ? price(accepted.stop) : null,
    filled: '0',
    filled_lots: 0,
    status: accepted.kind === 'stop_limit' ? 'waiting' : 'open',
    cancel_reason: null,
    triggered: accepted.kind === 'stop_limit' ? 0 : 1,
    client_ref: accepted.clientRef ?? null,
    created_at: ts,
    updated_at: ts,
  };
  const fills: FillRow[] = [];
  let filledLots = 0;
  for (const e of events) {
    if (e.type === 'trade' && (e.takerOrderId === id || e.makerOrderId === id)) {
      const makerBuys = e.takerSide === 'sell';
      const feeDecimals = (buyer: boolean) => (buyer ? spec.base : spec.quote).decimals;
      fills.push({
        id: e.tradeId,
        market: e.market,
        price: price(e.price),
        quantity: quantity(e.lots),
        taker_side: e.takerSide,
        maker_order_id: e.makerOrderId,
        taker_order_id: e.takerOrderId,
        maker_user_id: e.makerUser,
        taker_user_id: e.takerUser,
        maker_fee: formatUnits(e.makerFee, feeDecimals(makerBuys)),
        taker_fee: formatUnits(e.takerFee, feeDecimals(!makerBuys)),
        seq: 0,
        created_at: ts,
      });
      filledLots += e.lots;
    } else if (e.type === 'triggered' && e.orderId === id) {
      row.status = 'open';
      row.triggered = 1;
    } else if (e.type === 'filled' && e.orderId === id) {
      row.status = 'filled';
    } else if (e.type === 'cancelled' && e.orderId === id) {
      row.status = 'cancelled';
      row.cancel_reason = e.reason;
    }
  }
  row.filled_lots = filledLots;
  row.filled = quantity(filledLots);
  return orderView(row, fills);
}
