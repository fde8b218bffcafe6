import type { EngineEvent } from './events.ts';

/** How long a client order id stays taken after its order closed (filled or cancelled). */
export const CLIENT_ORDER_ID_MEMORY_MS = 24 * 60 * 60 * 1000;

/** A client order id: what a bot framework can put in one (Binance and ccxt's alphabet). */
export const CLIENT_ORDER_ID_PATTERN = /^[A-Za-z0-9_.:/-]{1,36}$/;

export interface ClientOrderIdsSnapshot {
  /** user, client order id, order id: the ids of open orders. */
  open: Array<[string, string, number]>;
  /** user, client order id, order id, until (ms): closed orders' ids, still taken. */
  recent: Array<[string, string, number, number]>;
}

interface Entry {
  user: string;
  clientOrderId: string;
  orderId: number;
  /** Absent while the order is open; then when the id is free again. */
  until?: number;
}

const keyOf = (user: string, clientOrderId: string) => `${user}\u0000${clientOrderId}`;

/**
 * The callers' own order ids (issue 26): unique per user among open orders and those
 * closed in the last 24 hours, so a bot that timed out can ask whether its order exists
 * and a repeat is refused rather than placed twice. Kept by the engine from its own
 * events, so replay and snapshots restore it exactly; time is the commands' time.
 */
export class ClientOrderIds {
  private readonly byKey = new Map<string, Entry>();
  private readonly byOrder = new Map<number, Entry>();
  /** Closed entries in the order they closed, which is the order they expire in. */
  private readonly closing: Entry[] = [];
  private head = 0;

  constructor(snapshot?: ClientOrderIdsSnapshot) {
    for (const [user, clientOrderId, orderId] of snapshot?.open ?? []) {
      this.add({ user, clientOrderId, orderId });
    }
    const recent = [...(snapshot?.recent ?? [])].sort((a, b) => a[3] - b[3]);
    for (const [user, clientOrderId, orderId, until] of recent) {
      const entry = { user, clientOrderId, orderId, until };
      this.add(entry);
      this.closing.push(entry);
    }
  }

  /** Whether `user` may not use `clientOrderId` at `now`. */
  taken(user: string, clientOrderId: string, now: number): boolean {
    this.forget(now);
    return this.byKey.has(keyOf(user, clientOrderId));
  }

  /** The order a user's client order id names, open or recently closed. */
  orderOf(user: string, clientOrderId: string): number | undefined {
    return this.byKey.get(keyOf(user, clientOrderId))?.orderId;
  }

  /** The client order id an order was placed with, while it is remembered. */
  idOf(orderId: number): string | undefined {
    return this.byOrder.get(orderId)?.clientOrderId;
  }

  /** Follows a command's events: an accepted order takes its id; a closed one starts its 24 h. */
  observe(events: readonly EngineEvent[], now: number): void {
    for (const e of events) {
      if (e.type === 'accepted') {
        if (e.clientOrderId)
          this.add({ user: e.user, clientOrderId: e.clientOrderId, orderId: e.orderId });
      } else if (e.type === 'filled' || e.type === 'cancelled') {
        const entry = this.byOrder.get(e.orderId);
        if (entry && entry.until === undefined) {
          entry.until = now + CLIENT_ORDER_ID_MEMORY_MS;
          this.closing.push(entry);
        }
      }
    }
  }

  snapshot(): ClientOrderIdsSnapshot | undefined {
    if (this.byKey.size === 0) return undefined;
    const open: ClientOrderIdsSnapshot['open'] = [];
    const recent: ClientOrderIdsSnapshot['recent'] = [];
    for (const e of this.byKey.values()) {
      if (e.until === undefined) open.push([e.user, e.clientOrderId, e.orderId]);
      else recent.push([e.user, e.clientOrderId, e.orderId, e.until]);
    }
    open.sort((a, b) => a[2] - b[2]);
    recent.sort((a, b) => a[3] - b[3] || a[2] - b[2]);
    return { open, recent };
  }

  private add(entry: Entry): void {
    this.byKey.set(keyOf(entry.user, entry.clientOrderId), entry);
    this.byOrder.set(entry.orderId, entry);
  }

  private forget(now: number): void {
    while (this.head < this.closing.length && this.closing[this.head]!.until! <= now) {
      const entry = this.closing[this.head++]!;
      this.byKey.delete(keyOf(entry.user, entry.clientOrderId));
      this.byOrder.delete(entry.orderId);
    }
    if (this.head > 1024 && this.head * 2 > this.closing.length) {
      this.closing.splice(0, this.head);
      this.head = 0;
    }
  }
}
