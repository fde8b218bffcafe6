const TAB = 9;
const NEWLINE = 10;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const utf8 = new TextEncoder();
const text = new TextDecoder();

/** 10^0 … 10^15: how many digits a safe integer has. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * Writes journal records straight into UTF-8 bytes; building a string per record and
 * then checksumming it cost about four times as much (the engine writes a record for
 * every command). Fields are plain byte writes; the record's 32-bit FNV-1a checksum is
 * taken in one pass over its bytes when it ends. The checksum is over UTF-16 code units,
 * as it always was, so the records are byte for byte those of the string encoder before
 * it: for an ASCII record the bytes are the code units, and the rare record with other
 * characters is read back as text for its checksum.
 *
 * A record is `begin(tag)`, then fields (each after a tab), then `end()`.
 */
export class RecordWriter {
  private buffer: Uint8Array;
  private at = 0;
  /** Where the open record starts, and whether it is ASCII so far. */
  private start = 0;
  private ascii = true;

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
    this.start = this.at;
    this.ascii = true;
    this.chars(tag);
  }

  /** A text field. Callers keep tabs and newlines out (see `encodable`). */
  text(value: string): void {
    this.chars(value, TAB);
  }

  /** A non-negative integer field (a sequence number, a timestamp, ticks, lots, an id). */
  int(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`journal integers are non-negative safe integers, got ${value}`);
    }
    let digits = 1;
    while (digits < 16 && value >= POWERS_OF_TEN[digits]!) digits++;
    const buffer = this.room(digits + 1);
    let at = this.at;
    buffer[at++] = TAB;
    let p = at + digits;
    this.at = p;
    // Back to front in 32-bit integer steps, nine digits below a high part: a timestamp
    // has thirteen, and float division per digit was a twentieth of a command.
    let low = value;
    if (value >= 1e9) {
      const high = Math.floor(value / 1e9);
      low = value - high * 1e9;
      for (let i = 0; i < 9; i++) {
        const rest = (low / 10) | 0;
        buffer[--p] = 48 + low - rest * 10;
        low = rest;
      }
      low = high;
    }
    do {
      const rest = (low / 10) | 0;
      buffer[--p] = 48 + low - rest * 10;
      low = rest;
    } while (p > at);
  }

  /** An amount in minor units. */
  amount(value: bigint): void {
    this.text(value === 0n ? '0' : value.toString());
  }

  /** Seals the record: a tab, the checksum in base 36, a newline. */
  end(): void {
    const hash = this.ascii ? this.byteHash() : charHash(text.decode(this.record()));
    const buffer = this.room(9);
    buffer[this.at++] = TAB;
    // Digit by digit: Number#toString(36) is a runtime call that cost a twentieth of a command.
    const digits = this.scratch;
    let n = hash >>> 0;
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

  /** Scratch for the checksum's digits, written back to front. */
  private readonly scratch = new Uint8Array(8);

  private record(): Uint8Array {
    return this.buffer.subarray(this.start, this.at);
  }

  private byteHash(): number {
    const buffer = this.buffer;
    let hash = FNV_OFFSET;
    for (let i = this.start, end = this.at; i < end; i++) {
      hash = Math.imul(hash ^ buffer[i]!, FNV_PRIME);
    }
    return hash;
  }

  /** The characters of `value`, after `lead` (a tab) when one is given. */
  private chars(value: string, lead = -1): void {
    const length = value.length;
    // Three bytes of UTF-8 at most per UTF-16 code unit.
    const buffer = this.room(length * 3 + 1);
    let at = this.at;
    if (lead >= 0) buffer[at++] = lead;
    let i = 0;
    for (; i < length; i++) {
      const c = value.charCodeAt(i);
      if (c >= 0x80) break;
      buffer[at++] = c;
    }
    if (i < length) {
      this.ascii = false;
      at += utf8.encodeInto(value.slice(i), buffer.subarray(at)).written;
    }
    this.at = at;
  }

  /** The buffer, grown if need be so that `bytes` more fit. */
  private room(bytes: number): Uint8Array {
    if (this.at + bytes <= this.buffer.length) return this.buffer;
    let capacity = this.buffer.length * 2;
    while (capacity < this.at + bytes) capacity *= 2;
    const bigger = new Uint8Array(capacity);
    bigger.set(this.buffer.subarray(0, this.at));
    this.buffer = bigger;
    return bigger;
  }
}

/** The checksum over UTF-16 code units, for a record that is not all ASCII. */
function charHash(value: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < value.length; i++) hash = Math.imul(hash ^ value.charCodeAt(i), FNV_PRIME);
  return hash;
}
