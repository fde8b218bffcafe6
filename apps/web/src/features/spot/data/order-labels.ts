import type { SpotOrder } from '@meridian/contract/calls/spot';

/**
 * The i18n key of an order's status as the seed words it. A stop-limit order that still
 * waits for its trigger price is not waiting for a fill yet, and says so.
 */
export function orderStatusKey(order: Pick<SpotOrder, 'status' | 'type' | 'triggered'>): string {
  if (order.status === 'waiting' && order.type === 'stop_limit' && !order.triggered)
    return 'orders.status.untriggered';
  return `orders.status.${order.status}`;
}

export const orderTypeKey = (type: SpotOrder['type']) => `orders.type.${type}`;
export const orderSideKey = (side: SpotOrder['side']) => `orders.side.${side}`;

/** Only an order still on the book (or waiting for its trigger) can be cancelled. */
export const isOpenOrder = (order: Pick<SpotOrder, 'status'>) =>
  order.status === 'waiting' || order.status === 'partial';

/** Milliseconds since the epoch as the ISO text the date formatter reads. */
export const isoOf = (ms: number) => new Date(ms).toISOString();
