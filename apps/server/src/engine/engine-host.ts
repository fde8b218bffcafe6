import {
  encodeCommand,
  TradingEngine,
  type CommandResult,
  type EngineCommand,
  type EngineConfig,
  type EngineSnapshot,
} from '@meridian/core';
import { unencodableIdentifier } from './command-identifiers.ts';
import { EngineFront, refused, type Ack, type Unsequenced } from './engine-front.ts';
import type { SqlProjector } from './sql-projector.ts';
import type { EngineStore, JournalWriter } from './store/engine-store.ts';
import { fileEngineStore } from './store/file-store.ts';

export type { Ack, Unsequenced };

export type EngineHostOptions = HostOptions &
  (
    | {
        /** Folder of the engine's files: `journal/` and `snapshots/` (DATA_DIR/engine). */
        dir: string;
      }
    | {
        /** Where the journal and snapshots are kept, when not in files (`store/pg-store.ts`). */
        store: EngineStore;
      }
  );

interface HostOptions {
  config: EngineConfig;
  /** Writes acknowledged results into the SQL query tables. */
  projector?: SqlProjector;
  /** Commands between snapshots. */
  snapshotEvery?: number;
  /** Snapshots kept (the journal from the oldest of them on); SNAPSHOTS_KEPT by default. */
  snapshotsKept?: number;
  /**
   * Keep every result from the opening on (the replay's too) until `forgetEarlyResults`,
   * for modules that project engine events themselves (the platform sets it and forgets
   * once its modules have started); off, nothing is kept.
   */
  keepEarlyResults?: boolean;
  clock?: () => number;
  /** Where a failing `onDurable` listener is reported (the server's log). */
  onListenerError?: (error: unknown) => void;
  /**
   * Where a command that threw is reported, with the command in its journal form. The
   * engine has already been rebuilt to the state before it.
   */
  onCommandError?: (error: unknown, command: string) => void;
  /**
   * Called once when the engine stops taking commands: its journal could not be written
   * (a full disk, a lost database connection, a lead lost to another process). The state
   * in memory may be ahead of the journal, so the process should end and start again.
   */
  onFailure?: (error: Error) => void;
}

/** A command that threw while applying: it changed nothing and was not journalled. */
export class EngineCommandError extends Error {
  constructor(
    readonly command: string,
    options: { cause: unknown },
  ) {
    super('the engine could not apply this command; nothing changed', options);
    this.name = 'EngineCommandError';
  }
}

/** Results written in one projection transaction at most, so none blocks for long. */
const PROJECTION_LIMIT = 5_000;
/**
 * Least time between two projection transactions. Short, since reads that wait for the
 * projection (order lists, cancels) wait up to this long; on SQLite the writes run on a
 * worker thread, so shorter transactions no longer cost the request thread its time.
 */
const PROJECTION_INTERVAL_MS = 10;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The single writer of the trading engine. A command is validated, sequenced, applied,
 * journalled, and acknowledged only once its journal group is fsynced; the SQL tables
 * follow the acknowledged results. Start-up restores the newest snapshot and replays
 * the journal after it.
 */
export class EngineHost extends EngineFront {
  readonly leads = true;
  private failure: Error | null = null;
  private batch: CommandResult[] = [];
  private batchGroup: Promise<void> | null = null;
  private projection: Promise<void> = Promise.resolve();
  /** Durable results not yet handed to the projector, in sequence order. */
  private unprojected: CommandResult[] = [];
  private projecting = false;
  /** When the last projection transaction ended (performance.now()). */
  private projectedAt = -Infinity;
  private snapshotSeq: number;
  private durableSeq: number;
  /** A snapshot taken in memory, written once everything it covers is durable and projected. */
  private captured: { seq: number; text: string } | null = null;
  /** Modules' projection positions that snapshots wait for (`holdSnapshotsFor`). */
  private readonly gates: Array<() => number> = [];
  /**
   * What the in-memory engine is rebuilt from when a command throws halfway: the last
   * snapshot taken and every command applied since. A command therefore applies whole
   * or not at all, and the sequence never skips.
   */
  private base: EngineSnapshot | undefined;
  private sinceBase: EngineCommand[];
  /** Where the start-up replay ended, before any new command: logged, and checked in tests. */
  readonly restored: { seq: number; stateHash: string };
  /**
   * The results since the engine opened (the replay's, then every durable batch) until
   * the modules have started: a module projecting engine events on its own catches up
   * from them, including what commands other modules sent while starting.
   */
  private early: CommandResult[] | null;

  private constructor(
    engine: TradingEngine,
    private readonly store: EngineStore,
    private readonly journal: JournalWriter,
    private readonly options: EngineHostOptions,
    base: { snapshot: EngineSnapshot | undefined; since: EngineCommand[] },
    replayed: CommandResult[],
  ) {
    super(engine, options.clock ?? Date.now, options.onListenerError);
    this.early = options.keepEarlyResults ? replayed : null;
    this.snapshotSeq = engine.seq;
    this.durableSeq = engine.seq;
    this.base = base.snapshot;
    this.sinceBase = base.since;
    this.restored = { seq: engine.seq, stateHash: engine.stateHash() };
  }

  /**
   * Restores the newest snapshot and replays the journal after it. Where the store is
   * shared, this first waits for the lead (`store/pg-store.ts`).
   */
  static async open(options: EngineHostOptions): Promise<EngineHost> {
    const store = storeOf(options);
    const snapshot = await store.latestSnapshot();
    const engine = new TradingEngine(options.config, snapshot);
    const { journal, commands } = await store.openJournal(engine.seq);
    const replayed = commands.map((cmd) => engine.apply(cmd));
    // Listed before the snapshot or in results projected before the restart: the
    // projector learns of them here, before the replayed results reach it.
    options.projector?.adopt(engine.catalogue());
    await options.projector?.project(replayed);
    return new EngineHost(engine, store, journal, options, { snapshot, since: commands }, replayed);
  }

  /**
   * Sequences a command in its integer form; resolves once it is durable. `key`: the one
   * an API process sent it under (`command-server.ts`), journalled with it.
   */
  submit(fields: Unsequenced<EngineCommand>, key?: string): Promise<Ack> {
    if (this.failure) return Promise.reject(this.failure);
    const bad = unencodableIdentifier(fields);
    if (bad) return refused('invalid_order', bad[0]);
    const cmd = { ...fields, seq: this.engine.seq + 1, ts: this.clock() } as EngineCommand;
    let result: CommandResult;
    try {
      result = this.engine.apply(cmd);
    } catch (error) {
      return this.undo(cmd, error);
    }
    this.sinceBase.push(cmd);
    const group = this.journal.append(cmd, key);
    if (group !== this.batchGroup) {
      const batch: CommandResult[] = (this.batch = []);
      this.batchGroup = group;
      group.then(
        () => this.afterDurable(batch),
        (error: Error) => this.fail(error),
      );
    }
    this.batch.push(result);
    return group.then(() => ({
      seq: result.seq,
      ts: result.ts,
      events: result.events,
      postings: result.postings,
    }));
  }

  /**
   * Resolves once every result acknowledged so far is in the SQL query tables: a caller
   * that reads them right after an acknowledgement (the spot calls) sees its own order.
   */
  async projected(): Promise<void> {
    await this.projection;
  }

  /**
   * The durable results since the engine opened with a sequence number above `seq` (see
   * `early`). Call it in the same turn as `onDurable`, so none falls between.
   */
  resultsSince(seq: number): readonly CommandResult[] {
    return (this.early ?? []).filter((r) => r.seq > seq);
  }

  /**
   * For a module that projects engine events into its own tables: snapshots (which prune
   * the journal) wait until `reached()` has passed them, as they wait for the SQL
   * projection, so a restart can always replay what the module had not yet written.
   */
  holdSnapshotsFor(reached: () => number): void {
    this.gates.push(reached);
  }

  /** Called once every module has started: nobody needs the early results since. */
  forgetEarlyResults(): void {
    this.early = null;
  }

  /** Waits for every command in flight and its projection, then snapshots and stops. */
  async close(): Promise<void> {
    await this.journal.settled();
    await this.projection;
    if (
      !this.failure &&
      this.engine.seq > this.snapshotSeq &&
      this.projectedThrough() >= this.engine.seq
    ) {
      await this.commit({ seq: this.engine.seq, text: JSON.stringify(this.engine.snapshot()) });
    }
    await this.journal.close();
    await this.options.projector?.close();
    await this.store.close?.();
  }

  /**
   * A command threw partway (a posting refused, a bug): the engine may be half-changed
   * and its sequence moved on. Rebuild it from the base and the commands since, so the
   * state is exactly as before, report the command, and refuse it to its caller.
   */
  private undo(cmd: EngineCommand, error: unknown): Promise<Ack> {
    const command = encodeCommand(cmd);
    try {
      const engine = new TradingEngine(this.options.config, this.base);
      for (const earlier of this.sinceBase) engine.apply(earlier);
      this.engine = engine;
    } catch (rebuildError) {
      this.fail(rebuildError instanceof Error ? rebuildError : new Error(String(rebuildError)));
    }
    this.options.onCommandError?.(error, command);
    return Promise.reject(new EngineCommandError(command, { cause: error }));
  }

  private afterDurable(batch: CommandResult[]): void {
    this.durableSeq = batch.at(-1)!.seq;
    if (this.early) for (const result of batch) this.early.push(result);
    this.emit(batch);
    for (const result of batch) this.unprojected.push(result);
    if (!this.projecting) {
      this.projecting = true;
      const wait = this.projectedAt + PROJECTION_INTERVAL_MS - performance.now();
      this.projection = this.drainProjection(wait).catch((error: Error) => this.fail(error));
    }
  }

  /**
   * Projects what became durable, oldest first, until nothing is left, one transaction
   * at most every PROJECTION_INTERVAL_MS: what becomes durable in between is written
   * together, so under load the projection keeps up with fewer, larger writes (each
   * statement and commit costs about the same for one row as for a hundred).
   */
  private async drainProjection(wait: number): Promise<void> {
    try {
      if (wait > 0) await pause(wait);
      while (this.unprojected.length > 0) {
        const results = this.unprojected.splice(0, PROJECTION_LIMIT);
        await this.options.projector?.project(results);
        this.projectedAt = performance.now();
        await this.maintainSnapshots();
        if (this.unprojected.length > 0) await pause(PROJECTION_INTERVAL_MS);
      }
    } finally {
      // Cleared in the same turn as the last emptiness check, so a batch that arrives
      // right after starts a new drain instead of waiting for one that has ended.
      this.projecting = false;
    }
  }

  /** How far every projection has written: the SQL projector's and the modules'. */
  projectedThrough(): number {
    let reached = this.options.projector?.lastSeq ?? this.durableSeq;
    for (const gate of this.gates) reached = Math.min(reached, gate());
    return reached;
  }

  /**
   * Snapshots without pausing the stream: the state is captured in memory at once, and
   * written (and the journal before it pruned) only after the journal and the SQL
   * projection have both reached it, so a recovery never starts ahead of either.
   */
  private async maintainSnapshots(): Promise<void> {
    const reached = this.projectedThrough();
    if (this.captured && reached >= this.captured.seq) {
      const captured = this.captured;
      this.captured = null;
      await this.commit(captured);
    }
    const every = this.options.snapshotEvery ?? 50_000;
    if (!this.captured && this.engine.seq - this.snapshotSeq >= every) {
      const snapshot = this.engine.snapshot();
      this.captured = { seq: snapshot.seq, text: JSON.stringify(snapshot) };
      this.base = snapshot;
      this.sinceBase = [];
      this.journal.rollover();
    }
  }

  private async commit(snapshot: { seq: number; text: string }): Promise<void> {
    const oldestKept = await this.store.writeSnapshot(
      snapshot.seq,
      snapshot.text,
      this.options.snapshotsKept,
    );
    // The journal before the oldest kept snapshot is no longer needed by any start.
    await this.store.prune(oldestKept);
    this.snapshotSeq = snapshot.seq;
  }

  /** The in-memory state may now be ahead of the journal: refuse everything after. */
  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.options.onFailure?.(error);
  }
}

function storeOf(options: EngineHostOptions): EngineStore {
  return 'store' in options ? options.store : fileEngineStore(options.dir);
}
