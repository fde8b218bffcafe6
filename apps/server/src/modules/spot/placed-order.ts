import type { SpotOrder } from '@meridian/contract';
import type { EngineEvent } from '@meridian/core';
import {
  acceptedOrderRow,
  orderEffect,
  quantityText,
  tradeFillRow,
} from '../../engine/event-rows.ts';
import { orderView, type FillRow, type OrderRow, type SpecOf } from './order-views.ts';

/**
 * The order a place command created, read from its acknowledgement: the same rows the
 * SQL projection writes for it (engine/event-rows.ts), so the answer matches what the
 * order lists show once they catch up, without making the caller wait for them. The ack
 * comes only after the journal fsync, so nothing shown here can be taken back.
 */
export function placedOrder(
  events: readonly EngineEvent[],
  ts: number,
  specOf: SpecOf,
): SpotOrder | undefined {
  const accepted = events.find((e) => e.type === 'accepted');
  if (!accepted || accepted.type !== 'accepted') return undefined;
  const spec = specOf(accepted.market);
  const id = accepted.orderId;
  const row: OrderRow = acceptedOrderRow(accepted, spec, ts);
  const fills: FillRow[] = [];
  let filledLots = 0;
  for (const e of events) {
    if (e.type === 'trade' && (e.takerOrderId === id || e.makerOrderId === id)) {
      fills.push(tradeFillRow(e, spec, 0, ts));
      filledLots += e.lots;
      continue;
    }
    const effect = orderEffect(e);
    if (effect?.orderId !== id) continue;
    row.status = effect.status;
    if (effect.triggered) row.triggered = 1;
    if (effect.reason) row.cancel_reason = effect.reason;
  }
  row.filled_lots = filledLots;
  row.filled = quantityText(spec, filledLots);
  return orderView(row, fills, specOf);
}
