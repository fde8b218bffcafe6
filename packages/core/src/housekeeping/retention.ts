import { isMarketMakingOwner } from '../ledger/accounts.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The published retention rules (issue 27; README "Bounded growth"). What they remove
 * moved no money: an order cancelled without any fill, a minute candle whose longer
 * candles stay, an expired idempotency key. Filled and partly filled orders, fills and
 * ledger postings are never removed. The order history page shows users the first rule.
 */
export const RETENTION = {
  /** A user's order that ended without any fill leaves the order tables after this. */
  unfilledOrderDays: 30,
  /**
   * A market-making account's order that ended without any fill: a requoting maker
   * replaces about a thousand quotes a minute, so its untouched ones go after an hour.
   */
  makerUnfilledOrderHours: 1,
  /** 1-minute candles; 5-minute and longer ones stay (they are folded as they are written). */
  minuteCandleDays: 7,
  /** Idempotency keys answer a retry for a day (kernel/http/idempotency.ts). */
  idempotencyKeyHours: 24,
} as const;

/** The oldest `updated_at`/`open_time` each rule keeps, for a clock reading `now`. */
export function retentionCutoffs(now: number) {
  return {
    unfilledOrders: now - RETENTION.unfilledOrderDays * DAY,
    makerUnfilledOrders: now - RETENTION.makerUnfilledOrderHours * HOUR,
    minuteCandles: now - RETENTION.minuteCandleDays * DAY,
    idempotencyKeys: now - RETENTION.idempotencyKeyHours * HOUR,
  };
}

/** Whether an ended order goes at `now` under the rules (what the SQL deletes select). */
export function orderExpires(
  order: { user: string; status: string; filledLots: number; updatedAt: number },
  now: number,
): boolean {
  if (order.status !== 'cancelled' || order.filledLots !== 0) return false;
  const cut = retentionCutoffs(now);
  return (
    order.updatedAt <
    (isMarketMakingOwner(order.user) ? cut.makerUnfilledOrders : cut.unfilledOrders)
  );
}

/**
 * How many snapshots (and the journal after the oldest of them) the engine keeps: a
 * damaged newest snapshot still leaves an older one to start from.
 */
export const SNAPSHOTS_KEPT = 3;
