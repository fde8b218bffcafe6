import fs from 'node:fs';
import path from 'node:path';
import { decodeCommand, RecordWriter, writeCommand, type EngineCommand } from '@meridian/core';

/**
 * The command journal: append-only segment files `<first seq>.log`, one encoded command
 * per line. Commands appended while a write is in flight form the next group, encoded
 * into its bytes as they arrive and written and fsynced together; each append's promise
 * settles only when its group is on disk.
 */
export class Journal {
  private fd: number;
  private group: Group | null = null;
  private inFlight: Group | null = null;
  private flushing = false;
  private rolloverPending = false;

  private constructor(
    private readonly dir: string,
    segment: string,
  ) {
    this.fd = fs.openSync(segment, 'a');
  }

  /**
   * Opens the journal under `dir`, returning the commands after `afterSeq` in order. A torn
   * record at the very end (a crash mid-write, never acknowledged) is cut off; damage
   * anywhere else stops the start, since acknowledged commands would be lost.
   */
  static open(dir: string, afterSeq: number): { journal: Journal; commands: EngineCommand[] } {
    fs.mkdirSync(dir, { recursive: true });
    const segments = listSegments(dir);
    const commands: EngineCommand[] = [];
    let expected = afterSeq + 1;
    segments.forEach((file, index) => {
      const text = fs.readFileSync(file, 'utf8');
      let offset = 0;
      while (offset < text.length) {
        const end = text.indexOf('\n', offset);
        const cmd = end < 0 ? undefined : decodeCommand(text.slice(offset, end));
        if (!cmd) {
          const tail = end < 0 || text.indexOf('\n', end + 1) < 0;
          const last = index === segments.length - 1 && tail;
          if (!last) throw new Error(`journal ${file} is damaged at byte ${offset}`);
          fs.truncateSync(file, Buffer.byteLength(text.slice(0, offset)));
          break;
        }
        offset = end + 1;
        if (cmd.seq <= afterSeq) continue;
        if (cmd.seq !== expected) {
          throw new Error(`journal ${file} skips from ${expected - 1} to ${cmd.seq}`);
        }
        expected++;
        commands.push(cmd);
      }
    });
    const current = segments.at(-1) ?? segmentPath(dir, afterSeq + 1);
    const journal = new Journal(dir, current);
    syncDir(dir);
    return { journal, commands };
  }

  /** Resolves once `cmd` and the rest of its group are written and fsynced. */
  append(cmd: EngineCommand): Promise<void> {
    if (!this.group) {
      this.group = new Group(cmd.seq);
      if (!this.flushing) setImmediate(() => this.flush());
    }
    writeCommand(this.group.records, cmd);
    return this.group.done;
  }

  /** Whether nothing is waiting to be written. */
  get idle(): boolean {
    return !this.flushing && !this.group;
  }

  /** Starts a new segment with the next group written, so older ones can be pruned. */
  rollover(): void {
    this.rolloverPending = true;
  }

  /** Deletes the segments whose every record is at or before `seq` (a durable snapshot). */
  prune(seq: number): void {
    const segments = listSegments(this.dir);
    segments.slice(0, -1).forEach((file, i) => {
      if (firstSeq(segments[i + 1]!) - 1 <= seq) fs.rmSync(file);
    });
  }

  /** Waits until every line appended so far is written (or has failed). */
  async settled(): Promise<void> {
    while (!this.idle) await (this.group ?? this.inFlight)?.done.catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.settled();
    fs.closeSync(this.fd);
  }

  private flush(): void {
    const group = this.group;
    if (!group) return;
    this.group = null;
    this.flushing = true;
    this.inFlight = group;
    if (this.rolloverPending) {
      this.rolloverPending = false;
      fs.closeSync(this.fd);
      this.fd = fs.openSync(segmentPath(this.dir, group.firstSeq), 'a');
      syncDir(this.dir);
    }
    const records = group.records.bytes();
    const data = Buffer.from(records.buffer, records.byteOffset, records.byteLength);
    writeAll(this.fd, data, (error) => {
      if (error) return this.settle(group, error);
      fs.fdatasync(this.fd, (syncError) => this.settle(group, syncError));
    });
  }

  private settle(group: Group, error: Error | null): void {
    this.flushing = false;
    this.inFlight = null;
    if (error) group.fail(error);
    else group.succeed();
    if (this.group) this.flush();
  }
}

class Group {
  readonly records = new RecordWriter();
  readonly done: Promise<void>;
  succeed!: () => void;
  fail!: (error: Error) => void;

  constructor(readonly firstSeq: number) {
    this.done = new Promise<void>((resolve, reject) => {
      this.succeed = resolve;
      this.fail = reject;
    });
    // A failed group is reported to each appender; this keeps an unobserved one quiet.
    this.done.catch(() => undefined);
  }
}

function writeAll(fd: number, data: Buffer, done: (error: Error | null) => void): void {
  fs.write(fd, data, 0, data.length, null, (error, written) => {
    if (error) return done(error);
    if (written < data.length) writeAll(fd, data.subarray(written), done);
    else done(null);
  });
}

function segmentPath(dir: string, firstSeq: number): string {
  return path.join(dir, `${String(firstSeq).padStart(16, '0')}.log`);
}

function firstSeq(file: string): number {
  return Number(path.basename(file, '.log'));
}

function listSegments(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => /^\d{16}\.log$/.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Makes a created, renamed or deleted file name durable. */
export function syncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
