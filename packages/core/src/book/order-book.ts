/**
 * A price-time priority limit order book over integer ticks and lots. Each price level is
 * a FIFO doubly linked queue, so adding at the tail, taking from the head and cancelling
 * from the middle are all O(1); the sorted index of levels is touched only when a level
 * appears or empties; an id map finds any order.
 */

export type Side = 'buy' | 'sell';

export class RestingOrder {
  prev: RestingOrder | null = null;
  next: RestingOrder | null = null;

  constructor(
    readonly id: number,
    readonly user: string,
    readonly side: Side,
    readonly price: number,
    public remaining: number,
    public level: PriceLevel,
  ) {}
}

export class PriceLevel {
  head: RestingOrder | null = null;
  tail: RestingOrder | null = null;
  /** Lots resting at this price. */
  total = 0;

  constructor(readonly price: number) {}
}

/**
 * One side's levels. `sorted` runs from the worst price to the best, so the best level
 * is the last element and emptying it is a pop.
 */
class BookSide {
  readonly levels = new Map<number, PriceLevel>();
  readonly sorted: PriceLevel[] = [];

  /** +1 for bids (higher is better), -1 for asks (lower is better). */
  constructor(private readonly sign: 1 | -1) {}

  best(): PriceLevel | undefined {
    return this.sorted[this.sorted.length - 1];
  }

  levelFor(price: number): PriceLevel {
    let level = this.levels.get(price);
    if (level) return level;
    level = new PriceLevel(price);
    this.levels.set(price, level);
    const sorted = this.sorted;
    const key = price * this.sign;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]!.price * this.sign < key) lo = mid + 1;
      else hi = mid;
    }
    if (lo === sorted.length) sorted.push(level);
    else sorted.splice(lo, 0, level);
    return level;
  }

  drop(level: PriceLevel): void {
    this.levels.delete(level.price);
    const sorted = this.sorted;
    if (sorted[sorted.length - 1] === level) {
      sorted.pop();
      return;
    }
    const key = level.price * this.sign;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]!.price * this.sign < key) lo = mid + 1;
      else hi = mid;
    }
    sorted.splice(lo, 1);
  }
}

/** Decides how many lots to take from one maker; 0 stops the match. */
export type FillVisitor = (maker: RestingOrder, lots: number) => number;

export class OrderBook {
  private readonly bids = new BookSide(1);
  private readonly asks = new BookSide(-1);
  private readonly byId = new Map<number, RestingOrder>();

  get size(): number {
    return this.byId.size;
  }

  get(id: number): RestingOrder | undefined {
    return this.byId.get(id);
  }

  best(side: Side): PriceLevel | undefined {
    return (side === 'buy' ? this.bids : this.asks).best();
  }

  /** Rests an order at the tail of its level. */
  add(id: number, user: string, side: Side, price: number, lots: number): RestingOrder {
    if (this.byId.has(id)) throw new Error(`order ${id} is already in the book`);
    const level = (side === 'buy' ? this.bids : this.asks).levelFor(price);
    const order = new RestingOrder(id, user, side, price, lots, level);
    const tail = level.tail;
    if (tail) {
      tail.next = order;
      order.prev = tail;
    } else {
      level.head = order;
    }
    level.tail = order;
    level.total += lots;
    this.byId.set(id, order);
    return order;
  }

  /** Takes an order out of the book; undefined when it is not resting. */
  remove(id: number): RestingOrder | undefined {
    const order = this.byId.get(id);
    if (!order) return undefined;
    this.unlink(order);
    return order;
  }

  /**
   * Matches a taker against the opposite side from the best price while levels cross
   * `limit`, head of queue first. Returns the lots filled.
   */
  match(takerSide: Side, limit: number, maxLots: number, visit: FillVisitor): number {
    const side = takerSide === 'buy' ? this.asks : this.bids;
    const buying = takerSide === 'buy';
    let left = maxLots;
    while (left > 0) {
      const level = side.best();
      if (!level || (buying ? level.price > limit : level.price < limit)) break;
      const maker = level.head!;
      const offered = maker.remaining < left ? maker.remaining : left;
      const taken = visit(maker, offered);
      if (taken <= 0) break;
      left -= taken;
      maker.remaining -= taken;
      level.total -= taken;
      if (maker.remaining === 0) this.unlink(maker);
    }
    return maxLots - left;
  }

  /**
   * Lots a taker could fill up to `limit` before reaching one of `user`'s own orders
   * (where self-trade prevention would stop it), capped at `maxLots`.
   */
  fillable(takerSide: Side, limit: number, maxLots: number, user: string): number {
    const sorted = (takerSide === 'buy' ? this.asks : this.bids).sorted;
    const buying = takerSide === 'buy';
    let found = 0;
    for (let i = sorted.length - 1; i >= 0 && found < maxLots; i--) {
      const level = sorted[i]!;
      if (buying ? level.price > limit : level.price < limit) break;
      for (let o = level.head; o && found < maxLots; o = o.next) {
        if (o.user === user) return found;
        found += o.remaining;
      }
    }
    return found < maxLots ? found : maxLots;
  }

  /** Aggregated levels from the best price outwards. */
  depth(side: Side, levels: number): Array<{ price: number; lots: number }> {
    const sorted = (side === 'buy' ? this.bids : this.asks).sorted;
    const out: Array<{ price: number; lots: number }> = [];
    for (let i = sorted.length - 1; i >= 0 && out.length < levels; i--) {
      out.push({ price: sorted[i]!.price, lots: sorted[i]!.total });
    }
    return out;
  }

  /** Every resting order: bids then asks, best price first, queue order within a level. */
  *orders(): Generator<RestingOrder> {
    for (const side of [this.bids, this.asks]) {
      for (let i = side.sorted.length - 1; i >= 0; i--) {
        for (let o = side.sorted[i]!.head; o; o = o.next) yield o;
      }
    }
  }

  private unlink(order: RestingOrder): void {
    const level = order.level;
    if (order.prev) order.prev.next = order.next;
    else level.head = order.next;
    if (order.next) order.next.prev = order.prev;
    else level.tail = order.prev;
    order.prev = order.next = null;
    if (order.remaining > 0) level.total -= order.remaining;
    this.byId.delete(order.id);
    if (!level.head) (order.side === 'buy' ? this.bids : this.asks).drop(level);
  }
}
