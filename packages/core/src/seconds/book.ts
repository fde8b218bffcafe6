import type { SecondsDirection } from './outcome.ts';

/** An open second contract as the engine holds it (and its snapshot writes it). */
export interface OpenContract {
  /** The sequence number of the command that opened it. */
  id: number;
  user: string;
  market: string;
  /** The coin of the stake (the market's quote). */
  asset: string;
  direction: SecondsDirection;
  stake: bigint;
  charge: bigint;
  profitBps: number;
  lossBps: number;
  /** The period in seconds. */
  period: number;
  openedAt: number;
  /** `openedAt` plus the period: it settles on the first index tick at or after this. */
  expiry: number;
  openPrice: bigint;
  /** The sequence number and time of the index tick it opened on. */
  openTickSeq: number;
  openTickTs: number;
  clientRef?: string;
}

/**
 * The engine's open second contracts: by id, and per market in a binary heap ordered by
 * (expiry, id), so an index tick settles only what is due, in a fixed order, at
 * O(log n) each (10,000 expiring in one second take milliseconds).
 */
export class SecondsBook {
  readonly open = new Map<number, OpenContract>();
  private readonly heaps = new Map<string, OpenContract[]>();
  /** What the pool may owe the open contracts on a win, per coin. */
  private readonly committed = new Map<string, bigint>();
  /** Each market's last index tick: the sequence number and time of its command. */
  readonly ticks = new Map<string, { seq: number; ts: number }>();

  add(contract: OpenContract, maxWin: bigint): void {
    this.open.set(contract.id, contract);
    let heap = this.heaps.get(contract.market);
    if (!heap) this.heaps.set(contract.market, (heap = []));
    heap.push(contract);
    up(heap, heap.length - 1);
    this.committed.set(contract.asset, this.committedOf(contract.asset) + maxWin);
  }

  committedOf(asset: string): bigint {
    return this.committed.get(asset) ?? 0n;
  }

  /** Takes out the market's next contract due at `ts`, earliest expiry first. */
  takeDue(
    market: string,
    ts: number,
    maxWin: (c: OpenContract) => bigint,
  ): OpenContract | undefined {
    const heap = this.heaps.get(market);
    const top = heap?.[0];
    if (!heap || !top || top.expiry > ts) return undefined;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      down(heap, 0);
    }
    this.open.delete(top.id);
    this.committed.set(top.asset, this.committedOf(top.asset) - maxWin(top));
    return top;
  }

  /** The open contracts, by id (what a snapshot writes). */
  list(): OpenContract[] {
    return [...this.open.values()].sort((a, b) => a.id - b.id);
  }
}

function before(a: OpenContract, b: OpenContract): boolean {
  return a.expiry < b.expiry || (a.expiry === b.expiry && a.id < b.id);
}

function up(heap: OpenContract[], i: number): void {
  const item = heap[i]!;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!before(item, heap[parent]!)) break;
    heap[i] = heap[parent]!;
    i = parent;
  }
  heap[i] = item;
}

function down(heap: OpenContract[], i: number): void {
  const item = heap[i]!;
  const n = heap.length;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= n) break;
    if (child + 1 < n && before(heap[child + 1]!, heap[child]!)) child++;
    if (!before(heap[child]!, item)) break;
    heap[i] = heap[child]!;
    i = child;
  }
  heap[i] = item;
}
