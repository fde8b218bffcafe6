import type { Posting, PostingReason, ReferenceKind } from './posting.ts';

/** What the log needs of an account: its key and its asset. */
export interface PostedAccount {
  readonly key: string;
  readonly asset: string;
}

/**
 * Rows per segment: a ledger starts small (tests and tools make many) and doubles up to
 * a size where rolling over is rare and a segment is still soon freed.
 */
const FIRST_SEGMENT_ROWS = 64;
const SEGMENT_ROWS = 8192;

/**
 * Postings stored in columns. A fill makes six or seven postings; one object each (with
 * its reference text and boxed timestamp) was about a fifth of the engine's time. Rows
 * are only ever appended, so a batch that points into a segment never sees it change.
 */
class Segment {
  // Sized once: growing by push made as much garbage as the postings themselves.
  readonly from: PostedAccount[];
  readonly to: PostedAccount[];
  readonly amount: bigint[];
  readonly reason: PostingReason[];
  readonly refKind: ReferenceKind[];
  /** Order and trade ids stay numbers until someone reads them as text. */
  readonly refId: Array<string | number>;
  readonly ts: Float64Array;
  rows = 0;

  constructor(readonly capacity: number) {
    this.from = new Array<PostedAccount>(capacity);
    this.to = new Array<PostedAccount>(capacity);
    this.amount = new Array<bigint>(capacity);
    this.reason = new Array<PostingReason>(capacity);
    this.refKind = new Array<ReferenceKind>(capacity);
    this.refId = new Array<string | number>(capacity);
    this.ts = new Float64Array(capacity);
  }

  write(
    from: PostedAccount,
    to: PostedAccount,
    amount: bigint,
    reason: PostingReason,
    refKind: ReferenceKind,
    refId: string | number,
    ts: number,
  ): void {
    const row = this.rows++;
    this.from[row] = from;
    this.to[row] = to;
    this.amount[row] = amount;
    this.reason[row] = reason;
    this.refKind[row] = refKind;
    this.refId[row] = refId;
    this.ts[row] = ts;
  }

  copyRow(from: Segment, row: number): void {
    this.write(
      from.from[row]!,
      from.to[row]!,
      from.amount[row]!,
      from.reason[row]!,
      from.refKind[row]!,
      from.refId[row]!,
      from.ts[row]!,
    );
  }
}

/**
 * The postings of one command, read by index (`from(i)`, `amount(i)`…) without making an
 * object per posting, or as `Posting` objects (`at`, iteration, `toArray`) where speed
 * does not matter.
 */
export class PostingBatch implements Iterable<Posting> {
  static readonly EMPTY = new PostingBatch(new Segment(0), 0, 0, 0);

  constructor(
    private readonly segment: Segment,
    private readonly start: number,
    readonly length: number,
    private readonly firstId: number,
  ) {}

  id(i: number): number {
    return this.firstId + i;
  }

  from(i: number): string {
    return this.segment.from[this.start + i]!.key;
  }

  to(i: number): string {
    return this.segment.to[this.start + i]!.key;
  }

  asset(i: number): string {
    return this.segment.from[this.start + i]!.asset;
  }

  amount(i: number): bigint {
    return this.segment.amount[this.start + i]!;
  }

  reason(i: number): PostingReason {
    return this.segment.reason[this.start + i]!;
  }

  refKind(i: number): ReferenceKind {
    return this.segment.refKind[this.start + i]!;
  }

  refId(i: number): string {
    return String(this.segment.refId[this.start + i]!);
  }

  ts(i: number): number {
    return this.segment.ts[this.start + i]!;
  }

  at(i: number): Posting {
    if (!Number.isInteger(i) || i < 0 || i >= this.length) {
      throw new RangeError(`posting ${i} of a batch of ${this.length}`);
    }
    return {
      id: this.id(i),
      asset: this.asset(i),
      from: this.from(i),
      to: this.to(i),
      amount: this.amount(i),
      reason: this.reason(i),
      refKind: this.refKind(i),
      refId: this.refId(i),
      ts: this.ts(i),
    };
  }

  *[Symbol.iterator](): Iterator<Posting> {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }

  toArray(): Posting[] {
    return [...this];
  }
}

/**
 * Where the ledger writes its postings: rows are appended to the open batch, and `close`
 * hands the batch out and opens the next. Ids are consecutive across batches.
 */
export class PostingLog {
  private segment = new Segment(FIRST_SEGMENT_ROWS);
  /** The open batch's first row in `segment`, and its first posting's id. */
  private start = 0;
  private firstId: number;

  constructor(nextId: number) {
    this.firstId = nextId;
  }

  get nextId(): number {
    return this.firstId + this.segment.rows - this.start;
  }

  append(
    from: PostedAccount,
    to: PostedAccount,
    amount: bigint,
    reason: PostingReason,
    refKind: ReferenceKind,
    refId: string | number,
    ts: number,
  ): void {
    let s = this.segment;
    if (s.rows === s.capacity) s = this.roll();
    s.write(from, to, amount, reason, refKind, refId, ts);
  }

  /** Hands out the postings appended since the last close, in order. */
  close(): PostingBatch {
    const rows = this.segment.rows - this.start;
    if (rows === 0) return PostingBatch.EMPTY;
    const batch = new PostingBatch(this.segment, this.start, rows, this.firstId);
    this.start = this.segment.rows;
    this.firstId += rows;
    return batch;
  }

  /** A full segment: the open batch moves to a new one, with room to grow. */
  private roll(): Segment {
    const old = this.segment;
    const open = old.rows - this.start;
    const next = new Segment(Math.max(Math.min(old.capacity * 2, SEGMENT_ROWS), open * 2));
    for (let row = this.start; row < old.rows; row++) next.copyRow(old, row);
    this.segment = next;
    this.start = 0;
    return next;
  }
}
