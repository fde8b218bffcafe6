import i18next from 'i18next';
import type { SpotOrder } from '@meridian/contract/calls/spot';
import { compareDecimal } from '@meridian/core';
import { notifier, type Notifier } from '../../../shared/feedback/notifier.ts';
import { displayName } from '../../markets/index.ts';

/** What became of an order, as the user is told it: one notice for each. */
export type OrderOutcome = 'placed' | 'partial' | 'filled' | 'partialCancelled' | 'cancelled';

/** Outcomes in the order they can happen: a later one replaces an earlier one's notice. */
const RANK: Record<OrderOutcome, number> = {
  placed: 0,
  partial: 1,
  filled: 2,
  partialCancelled: 2,
  cancelled: 2,
};

/** The outcome an order's answer shows (the place and cancel calls answer the order). */
export function outcomeOf(order: Pick<SpotOrder, 'status' | 'filledQuantity'>): OrderOutcome {
  if (order.status === 'filled') return 'filled';
  if (order.status === 'partial') return 'partial';
  if (order.status === 'cancelled')
    return compareDecimal(order.filledQuantity, '0') > 0 ? 'partialCancelled' : 'cancelled';
  return 'placed';
}

/**
 * Tells the user about their orders, one notice per order and outcome. The answer to a
 * call and the user socket both report an order; whichever comes first is told, the other
 * is dropped, and a later outcome of the same order (placed, then filled) replaces its
 * notice in place rather than stacking a second one.
 */
export function createOrderNotices(target: Pick<Notifier, 'notify'>) {
  const told = new Map<string, OrderOutcome>();
  return {
    tell(orderId: string, symbol: string, outcome: OrderOutcome): boolean {
      const before = told.get(orderId);
      // Told already, or told something later (the socket may beat the call's answer).
      if (before !== undefined && RANK[before] >= RANK[outcome]) return false;
      told.set(orderId, outcome);
      if (told.size > 500) told.delete(told.keys().next().value!);
      const kind = outcome === 'cancelled' ? 'info' : 'success';
      const text = i18next.t(`spot:orders.notice.${outcome}`, { pair: displayName(symbol) });
      return target.notify(kind, text, { key: `order-${orderId}` });
    },
  };
}

/** The app's order notices. */
export const orderNotices = createOrderNotices(notifier);
