/**
 * A price-time priority limit order book over integer ticks and lots. Each price level is
 * a FIFO doubly linked queue, so adding at the tail, taking from the head and cancelling
 * from the middle are all O(1); the sorted index of levels is touched only when a level
 * appears or empties.
 *
 * The book's links and sizes live in slots of typed arrays. Each slot also keeps the
 * caller's own object for the order (the engine's live order), and the order keeps its
 * slot: the book needs no id map, and a match hands the engine the maker itself.
 */

export type Side = 'buy' | 'sell';

/** What the book keeps of an order: the caller's object, told its slot. */
export interface BookEntry {
  readonly id: number;
  readonly user: string;
  /** The order's slot while it rests in a book, -1 otherwise; only the book sets it. */
  slot: number;
}

export interface BookOrder<T extends BookEntry = BookEntry> {
  entry: T;
  side: Side;
  price: number;
  remaining: number;
}

const NONE = -1;

class PriceLevel {
  head = NONE;
  tail = NONE;
  /** Lots resting at this price. */
  total = 0;

  constructor(
    readonly price: number,
    readonly side: BookSide,
  ) {}
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
    level = new PriceLevel(price, this);
    this.levels.set(price, level);
    const at = this.position(price);
    if (at === this.sorted.length) this.sorted.push(level);
    else this.sorted.splice(at, 0, level);
    return level;
  }

  drop(level: PriceLevel): void {
    this.levels.delete(level.price);
    const sorted = this.sorted;
    if (sorted[sorted.length - 1] === level) sorted.pop();
    else sorted.splice(this.position(level.price), 1);
  }

  /** Index of the first level not worse than `price`. */
  private position(price: number): number {
    const sorted = this.sorted;
    const key = price * this.sign;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]!.price * this.sign < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Decides how many lots to take from one maker; 0 stops the match. */
export interface FillVisitor<T extends BookEntry> {
  visit(maker: T, price: number, lots: number): number;
}

export class OrderBook<T extends BookEntry = BookEntry> {
  private readonly bids = new BookSide(1);
  private readonly asks = new BookSide(-1);

  private capacity = 1024;
  private remaining = new Float64Array(this.capacity);
  private prev = new Int32Array(this.capacity);
  private next = new Int32Array(this.capacity);
  private readonly entries: Array<T | null> = [];
  private readonly levelOf: Array<PriceLevel | null> = [];
  private readonly free: number[] = [];
  private used = 0;
  private resting = 0;

  get size(): number {
    return this.resting;
  }

  /** Whether the order rests in this book. */
  has(entry: T): boolean {
    return entry.slot >= 0 && this.entries[entry.slot] === entry;
  }

  bestPrice(side: Side): number | undefined {
    return (side === 'buy' ? this.bids : this.asks).best()?.price;
  }

  /** Rests an order at the tail of its level. */
  add(entry: T, side: Side, price: number, lots: number): void {
    if (entry.slot >= 0) throw new Error(`order ${entry.id} is already in a book`);
    const level = (side === 'buy' ? this.bids : this.asks).levelFor(price);
    const slot = this.free.length > 0 ? this.free.pop()! : this.claim();
    this.remaining[slot] = lots;
    this.entries[slot] = entry;
    entry.slot = slot;
    this.levelOf[slot] = level;
    this.next[slot] = NONE;
    this.prev[slot] = level.tail;
    if (level.tail === NONE) level.head = slot;
    else this.next[level.tail] = slot;
    level.tail = slot;
    level.total += lots;
    this.resting++;
  }

  /** Takes an order out of the book; false when it is not resting here. */
  remove(entry: T): boolean {
    if (!this.has(entry)) return false;
    this.unlink(entry.slot);
    return true;
  }

  /**
   * Matches a taker against the opposite side from the best price while levels cross
   * `limit`, head of queue first. Returns the lots filled.
   */
  match(takerSide: Side, limit: number, maxLots: number, visitor: FillVisitor<T>): number {
    const side = takerSide === 'buy' ? this.asks : this.bids;
    const buying = takerSide === 'buy';
    const remaining = this.remaining;
    let left = maxLots;
    while (left > 0) {
      const level = side.best();
      if (!level || (buying ? level.price > limit : level.price < limit)) break;
      const slot = level.head;
      const resting = remaining[slot]!;
      const taken = visitor.visit(
        this.entries[slot]!,
        level.price,
        resting < left ? resting : left,
      );
      if (taken <= 0) break;
      left -= taken;
      remaining[slot] = resting - taken;
      level.total -= taken;
      if (resting === taken) this.unlink(slot);
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
      for (let s = level.head; s !== NONE && found < maxLots; s = this.next[s]!) {
        if (this.entries[s]!.user === user) return found;
        found += this.remaining[s]!;
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
  *orders(): Generator<BookOrder<T>> {
    for (const [side, book] of [
      ['buy', this.bids],
      ['sell', this.asks],
    ] as const) {
      for (let i = book.sorted.length - 1; i >= 0; i--) {
        const level = book.sorted[i]!;
        for (let s = level.head; s !== NONE; s = this.next[s]!) {
          yield {
            entry: this.entries[s]!,
            side,
            price: level.price,
            remaining: this.remaining[s]!,
          };
        }
      }
    }
  }

  private unlink(slot: number): void {
    const level = this.levelOf[slot]!;
    const prev = this.prev[slot]!;
    const next = this.next[slot]!;
    if (prev === NONE) level.head = next;
    else this.next[prev] = next;
    if (next === NONE) level.tail = prev;
    else this.prev[next] = prev;
    level.total -= this.remaining[slot]!;
    this.entries[slot]!.slot = -1;
    this.entries[slot] = null;
    this.levelOf[slot] = null;
    this.resting--;
    this.free.push(slot);
    if (level.head === NONE) level.side.drop(level);
  }

  /** A never-used slot, growing the arrays when they are full. */
  private claim(): number {
    if (this.used === this.capacity) {
      this.capacity *= 2;
      this.remaining = grow(this.remaining, this.capacity);
      this.prev = grow(this.prev, this.capacity);
      this.next = grow(this.next, this.capacity);
    }
    return this.used++;
  }
}

function grow<T extends Float64Array | Int32Array>(array: T, capacity: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(capacity);
  bigger.set(array);
  return bigger;
}
