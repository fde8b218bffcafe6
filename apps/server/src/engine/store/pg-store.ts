import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import {
  decodeCommand,
  encodeCommand,
  SNAPSHOTS_KEPT,
  type EngineCommand,
  type EngineSnapshot,
} from '@meridian/core';
import type { EngineStore, JournalWriter } from './engine-store.ts';

/** A journalled command, with the key its sender chose (null for the leader's own). */
export interface JournalEntry {
  cmd: EngineCommand;
  key: string | null;
}

/** Commands read from the journal table in one query. */
const READ_BATCH = 5_000;

export interface PgEngineStoreOptions {
  url: string;
  /** The schema the tables are in (tests use one each); the connection's default otherwise. */
  schema?: string | undefined;
  /** Which engine this journal belongs to: one leader per group. */
  group?: string;
  /** Called once if the leader's connection is lost: it no longer holds the lead. */
  onLeadLost?: (error: Error) => void;
}

/**
 * The engine's journal and snapshots in PostgreSQL (`engine_journal`, `engine_snapshots`),
 * for a deployment with a standby engine on another machine.
 *
 * Leadership is a PostgreSQL advisory lock rather than a lease in another service: the
 * lock is held by the very connection the journal is written through, so a leader that
 * lost its lock (its process died, its connection broke) has lost the means to write,
 * and no second writer can ever append. The primary key on `seq` refuses a duplicate
 * even so. A standby waits on the same lock; PostgreSQL frees it the moment the leader's
 * session ends.
 *
 * The SQL projection is written through other connections, so it is fenced too: each of
 * its transactions holds a second lock shared and checks that its process's journal
 * session is still alive, and a new leader takes that lock once, exclusively, before it
 * reads the projection. A deposed leader's projection therefore either committed before
 * the new one read, or never commits.
 */
export class PgEngineStore implements EngineStore {
  private readonly pool: pg.Pool;
  private writer: pg.Client | null = null;
  /** The connection that asks for the lock, and holds it once granted. */
  private candidate: Promise<pg.Client> | null = null;
  private holding = false;
  /** The journal session, to tell whether it still lives (and so still holds the lock). */
  private session: { pid: number; start: string } | null = null;
  private listener: pg.Client | null = null;
  private closed = false;

  /** The lock a projection transaction holds shared, and a new leader once exclusively. */
  private readonly projectionLock: string;

  private constructor(
    private readonly options: PgEngineStoreOptions,
    private readonly lockName: string,
    /** The NOTIFY channel a leader announces its appends on, one per schema and group. */
    readonly channel: string,
  ) {
    this.pool = new pg.Pool({ ...connection(options), max: 2 });
    this.projectionLock = `${lockName}/projection`;
    this.pool.on('error', () => undefined);
  }

  static async open(options: PgEngineStoreOptions): Promise<PgEngineStore> {
    const probe = new pg.Client(connection(options));
    await probe.connect();
    try {
      const { rows } = await probe.query<{ schema: string }>('select current_schema() as schema');
      const schema = rows[0]!.schema;
      const group = options.group ?? 'main';
      return new PgEngineStore(
        options,
        `${schema}/meridian-engine/${group}`,
        channelName(schema, group),
      );
    } finally {
      await probe.end();
    }
  }

  async latestSnapshot(): Promise<EngineSnapshot | undefined> {
    // The newest that parses: an older kept one stands in for a damaged one, as on files.
    // Read one body at a time: each is the whole engine state.
    const { rows } = await this.pool.query<{ seq: string }>(
      'select seq from engine_snapshots order by seq desc',
    );
    for (const { seq } of rows) {
      const body = await this.pool.query<{ body: string }>(
        'select body from engine_snapshots where seq = $1',
        [seq],
      );
      try {
        return JSON.parse(body.rows[0]!.body) as EngineSnapshot;
      } catch {
        continue;
      }
    }
    return undefined;
  }

  /** Up to READ_BATCH commands after `seq`, in order (a standby's tail, a leader's start). */
  async commandsAfter(seq: number): Promise<EngineCommand[]> {
    return (await this.journalAfter(seq)).map((entry) => entry.cmd);
  }

  /**
   * Up to READ_BATCH journal entries after `seq`, in order: each command with the key
   * the API process that sent it chose (`engine-follower.ts`), if one did.
   */
  async journalAfter(seq: number): Promise<JournalEntry[]> {
    const { rows } = await this.pool.query<{
      seq: string;
      command: string;
      request_key: string | null;
    }>(
      'select seq, command, request_key from engine_journal where seq > $1 order by seq limit $2',
      [seq, READ_BATCH],
    );
    return rows.map((row) => {
      const cmd = decodeCommand(row.command);
      if (!cmd || cmd.seq !== Number(row.seq)) {
        throw new Error(`engine_journal row ${row.seq} does not decode to its command`);
      }
      return { cmd, key: row.request_key };
    });
  }

  /** The sequence of the command journalled under `key`, while its row is kept. */
  async seqOfKey(key: string): Promise<number | undefined> {
    const { rows } = await this.pool.query<{ seq: string }>(
      'select seq from engine_journal where request_key = $1',
      [key],
    );
    return rows[0] ? Number(rows[0].seq) : undefined;
  }

  /** Calls `onAppend` whenever the leader announces appended commands. */
  async listen(onAppend: () => void): Promise<void> {
    const listener = new pg.Client(connection(this.options));
    listener.on('error', () => undefined);
    await listener.connect();
    listener.on('notification', onAppend);
    await listener.query(`listen "${this.channel}"`);
    this.listener = listener;
  }

  async stopListening(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }

  async openJournal(
    afterSeq: number,
  ): Promise<{ journal: JournalWriter; commands: EngineCommand[] }> {
    await this.lead();
    const commands: EngineCommand[] = [];
    let last = afterSeq;
    for (;;) {
      const batch = await this.commandsAfter(last);
      for (const cmd of batch) {
        if (cmd.seq !== last + 1) {
          throw new Error(`engine_journal skips from ${last} to ${cmd.seq}`);
        }
        commands.push(cmd);
        last = cmd.seq;
      }
      if (batch.length < READ_BATCH) break;
    }
    return { journal: new PgJournal(this.writer!, this.channel), commands };
  }

  /**
   * Waits until this process holds the lead: the advisory lock, on the connection that
   * will write the journal. Resolves at once when no other process holds it; with
   * `wait: false`, answers false instead of waiting.
   */
  async lead(options: { wait?: boolean } = {}): Promise<boolean> {
    if (this.writer) return true;
    const candidate = (this.candidate ??= this.connectWriter());
    const writer = await candidate;
    const key = [this.lockName];
    if (options.wait === false) {
      const { rows } = await writer.query<{ ok: boolean }>(
        'select pg_try_advisory_lock(hashtextextended($1, 0)) as ok',
        key,
      );
      if (!rows[0]?.ok) return false;
    } else {
      await writer.query('select pg_advisory_lock(hashtextextended($1, 0))', key);
    }
    if (this.writer) return true;
    this.holding = true;
    // Waits for a deposed leader's projection transaction still in flight (see the class).
    const projection = [this.projectionLock];
    await writer.query('select pg_advisory_lock(hashtextextended($1, 0))', projection);
    await writer.query('select pg_advisory_unlock(hashtextextended($1, 0))', projection);
    const { rows } = await writer.query<{ pid: number; start: string }>(
      `select pid, backend_start::text as start from pg_stat_activity where pid = pg_backend_pid()`,
    );
    this.session = rows[0]!;
    this.writer = writer;
    return true;
  }

  private async connectWriter(): Promise<pg.Client> {
    const writer = new pg.Client(connection(this.options));
    // A broken connection reports an error and then its end: the lead is lost once.
    const lost = (error: Error) => {
      if (!this.holding || this.closed) return;
      this.holding = false;
      this.options.onLeadLost?.(error);
    };
    writer.on('error', lost);
    writer.on('end', () => lost(new Error('the journal connection ended')));
    await writer.connect();
    return writer;
  }

  /**
   * Runs first in every SQL projection transaction of the leader: waits out a takeover
   * in progress and refuses (rolling the transaction back) once this process's journal
   * session has ended, since another process may lead by then.
   */
  readonly fence = async (tx: Kysely<unknown>): Promise<void> => {
    const session = this.session;
    if (!session) throw new Error('this engine does not lead: it may not project');
    const { rows } = await sql<{ leading: boolean }>`
      select pg_advisory_xact_lock_shared(hashtextextended(${this.projectionLock}, 0)) is not null
        and exists (select 1 from pg_stat_activity
                     where pid = ${session.pid} and backend_start::text = ${session.start}) as leading`.execute(
      tx,
    );
    if (!rows[0]?.leading)
      throw new Error('this engine no longer leads: its projection is refused');
  };

  async writeSnapshot(seq: number, text: string, keep = SNAPSHOTS_KEPT): Promise<number> {
    await this.pool.query(
      'insert into engine_snapshots (seq, body) values ($1, $2) on conflict (seq) do nothing',
      [seq, text],
    );
    const { rows } = await this.pool.query<{ seq: string }>(
      'select seq from engine_snapshots order by seq desc limit $1',
      [Math.max(1, keep)],
    );
    const oldestKept = Number(rows.at(-1)!.seq);
    await this.pool.query('delete from engine_snapshots where seq < $1', [oldestKept]);
    return oldestKept;
  }

  async prune(seq: number): Promise<void> {
    await this.pool.query('delete from engine_journal where seq <= $1', [seq]);
  }

  /** Ends every connection; a leader's lock goes with its connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.stopListening();
    const candidate = await this.candidate?.catch(() => null);
    await candidate?.end().catch(() => undefined);
    this.writer = null;
    await this.pool.end();
  }
}

/**
 * Appends in groups, as the file journal does: commands that arrive while a group is
 * being written form the next one, written in one statement (one transaction) that also
 * announces the new last sequence to standbys; each append settles once its group is
 * committed.
 */
class PgJournal implements JournalWriter {
  private group: Group | null = null;
  private inFlight: Group | null = null;

  constructor(
    private readonly client: pg.Client,
    private readonly channel: string,
  ) {}

  append(cmd: EngineCommand, key?: string): Promise<void> {
    if (!this.group) {
      this.group = new Group();
      if (!this.inFlight) setImmediate(() => this.flush());
    }
    this.group.seqs.push(String(cmd.seq));
    this.group.keys.push(key ?? null);
    // A record is one line; the row keeps it without its newline.
    this.group.commands.push(encodeCommand(cmd).slice(0, -1));
    return this.group.done;
  }

  get idle(): boolean {
    return !this.inFlight && !this.group;
  }

  rollover(): void {}

  async settled(): Promise<void> {
    while (!this.idle) await (this.group ?? this.inFlight)?.done.catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.settled();
  }

  private flush(): void {
    const group = this.group;
    if (!group) return;
    this.group = null;
    this.inFlight = group;
    this.client
      .query(
        `with added as (
           insert into engine_journal (seq, command, request_key)
           select * from unnest($1::bigint[], $2::text[], $3::text[]) returning seq
         )
         select pg_notify($4, (select max(seq) from added)::text)`,
        [group.seqs, group.commands, group.keys, this.channel],
      )
      .then(
        () => this.settle(group, null),
        (error: Error) => this.settle(group, error),
      );
  }

  private settle(group: Group, error: Error | null): void {
    this.inFlight = null;
    if (error) group.fail(error);
    else group.succeed();
    if (this.group) this.flush();
  }
}

class Group {
  readonly seqs: string[] = [];
  readonly commands: string[] = [];
  readonly keys: Array<string | null> = [];
  readonly done: Promise<void>;
  succeed!: () => void;
  fail!: (error: Error) => void;

  constructor() {
    this.done = new Promise<void>((resolve, reject) => {
      this.succeed = resolve;
      this.fail = reject;
    });
    this.done.catch(() => undefined);
  }
}

function connection(options: PgEngineStoreOptions): pg.ClientConfig {
  return {
    connectionString: options.url,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  };
}

/** A NOTIFY channel is an identifier of at most 63 bytes: the schema and group, kept safe. */
function channelName(schema: string, group: string): string {
  return `mj_${schema}_${group}`.replace(/[^a-z0-9_]/gi, '_').slice(0, 63);
}
