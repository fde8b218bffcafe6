const TAB = 9;
const NEWLINE = 10;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const utf8 = new TextEncoder();
const text = new TextDecoder();

/**
 * Writes journal records straight into UTF-8 bytes, folding each character into the
 * record's 32-bit FNV-1a checksum as it goes. The checksum is over UTF-16 code units, as
 * it always was, so the records are byte for byte those of the string encoder before it;
 * building a string per record and then checksumming it cost about four times as much
 * (the engine writes a record for every command).
 *
 * A record is `begin(tag)`, then fields (each after a tab), then `end()`.
 */
export class RecordWriter {
  private buffer: Uint8Array;
  private at = 0;
  private hash = FNV_OFFSET;
  /** Scratch for a number's digits, written back to front. */
  private readonly digits = new Uint8Array(24);

  constructor(capacity = 1 << 16) {
    this.buffer = new Uint8Array(capacity);
  }

  /** Bytes written so far. */
  get length(): number {
    return this.at;
  }

  /** The bytes written so far (a view: valid until the next write or `reset`). */
  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.at);
  }

  /** The records written so far as text. */
  toString(): string {
    return text.decode(this.bytes());
  }

  /** Forgets what was written, keeping the memory. */
  reset(): void {
    this.at = 0;
  }

  begin(tag: string): void {
    this.hash = FNV_OFFSET;
    this.chars(tag);
  }

  /** A text field. Callers keep tabs and newlines out (see `encodable`). */
  text(value: string): void {
    this.tab();
    this.chars(value);
  }

  /** A non-negative integer field (a sequence number, a timestamp, ticks, lots, an id). */
  int(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`journal integers are non-negative safe integers, got ${value}`);
    }
    this.tab();
    this.room(16);
    const digits = this.digits;
    let count = 0;
    // Digits come out in 32-bit integer steps, nine at a time below a high part: a
    // timestamp has thirteen, and float division per digit was a twentieth of a command.
    let low = value;
    let high = 0;
    if (value >= 1e9) {
      high = Math.floor(value / 1e9);
      low = value - high * 1e9;
    }
    do {
      const rest = (low / 10) | 0;
      digits[count++] = 48 + low - rest * 10;
      low = rest;
    } while (low > 0);
    if (high > 0) {
      while (count < 9) digits[count++] = 48;
      do {
        const rest = Math.floor(high / 10);
        digits[count++] = 48 + (high - rest * 10);
        high = rest;
      } while (high > 0);
    }
    const buffer = this.buffer;
    let hash = this.hash;
    while (count > 0) {
      const c = digits[--count]!;
      hash = Math.imul(hash ^ c, FNV_PRIME);
      buffer[this.at++] = c;
    }
    this.hash = hash;
  }

  /** An amount in minor units. */
  amount(value: bigint): void {
    this.text(value === 0n ? '0' : value.toString());
  }

  /** Seals the record: a tab, the checksum in base 36, a newline. */
  end(): void {
    this.room(9);
    const buffer = this.buffer;
    buffer[this.at++] = TAB;
    // Digit by digit: Number#toString(36) is a runtime call that cost a twentieth of a command.
    const digits = this.digits;
    let n = this.hash >>> 0;
    let count = 0;
    do {
      const rest = Math.floor(n / 36);
      const d = n - rest * 36;
      digits[count++] = d < 10 ? 48 + d : 87 + d;
      n = rest;
    } while (n > 0);
    while (count > 0) buffer[this.at++] = digits[--count]!;
    buffer[this.at++] = NEWLINE;
  }

  private tab(): void {
    this.room(1);
    this.hash = Math.imul(this.hash ^ TAB, FNV_PRIME);
    this.buffer[this.at++] = TAB;
  }

  private chars(value: string): void {
    const length = value.length;
    // Three bytes of UTF-8 at most per UTF-16 code unit.
    this.room(length * 3);
    const buffer = this.buffer;
    let hash = this.hash;
    let at = this.at;
    let i = 0;
    for (; i < length; i++) {
      const c = value.charCodeAt(i);
      if (c >= 0x80) break;
      hash = Math.imul(hash ^ c, FNV_PRIME);
      buffer[at++] = c;
    }
    if (i < length) {
      for (let j = i; j < length; j++) hash = Math.imul(hash ^ value.charCodeAt(j), FNV_PRIME);
      at += utf8.encodeInto(value.slice(i), buffer.subarray(at)).written;
    }
    this.hash = hash;
    this.at = at;
  }

  private room(bytes: number): void {
    if (this.at + bytes <= this.buffer.length) return;
    let capacity = this.buffer.length * 2;
    while (capacity < this.at + bytes) capacity *= 2;
    const bigger = new Uint8Array(capacity);
    bigger.set(this.buffer.subarray(0, this.at));
    this.buffer = bigger;
  }
}
