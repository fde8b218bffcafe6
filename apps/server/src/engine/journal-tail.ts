import { TradingEngine, type CommandResult, type EngineConfig } from '@meridian/core';
import type { JournalEntry, PgEngineStore } from './store/pg-store.ts';

/** How often a replica reads the journal without being told (a lost notification). */
const POLL_MS = 500;

type TailedStore = Pick<
  PgEngineStore,
  'journalAfter' | 'latestSnapshot' | 'listen' | 'stopListening'
>;

export interface JournalTailOptions {
  store: TailedStore;
  config: EngineConfig;
  /** Each batch as applied: its entries (commands with their keys) and their results. */
  applied?: (entries: readonly JournalEntry[], results: readonly CommandResult[]) => void;
  /** The replica was replaced by one from a newer snapshot (the journal was pruned past it). */
  replaced?: (engine: TradingEngine) => void;
  /** The journal could not be read this time (it is read again at the next chance). */
  onReadError?: (error: unknown) => void;
  /** Called once if the replica cannot go on (a journal it cannot apply). */
  onFailure?: (error: Error) => void;
}

/**
 * A replica of the leader's engine fed from its PostgreSQL journal: the hot standby's
 * (`standby.ts`) and an API process's (`remote/engine-follower.ts`). It reads when the
 * leader's notification comes and every POLL_MS besides, one read at a time, applying
 * each command in order, so its state hash at any sequence is the leader's. A replica
 * that fell behind what the leader pruned starts again from the newest snapshot (what
 * lay between reaches no `applied` here). A failed read is tried again at the next
 * chance; a journal it cannot apply stops it for good.
 */
export class JournalTail {
  /** The replica; replaced by a newer one when the journal was pruned past it. */
  engine: TradingEngine;
  failure: Error | null = null;
  private pulling: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly options: JournalTailOptions,
    engine: TradingEngine,
  ) {
    this.engine = engine;
  }

  /** A replica from the newest snapshot, brought up to the journal's end, then tailing. */
  static async open(options: JournalTailOptions): Promise<JournalTail> {
    const { store, config } = options;
    const tail = new JournalTail(options, new TradingEngine(config, await store.latestSnapshot()));
    await store.listen(() => void tail.pull().catch(() => undefined));
    await tail.pull();
    tail.timer = setInterval(() => void tail.pull().catch(() => undefined), POLL_MS);
    tail.timer.unref();
    return tail;
  }

  get seq(): number {
    return this.engine.seq;
  }

  /** Reads and applies what the journal holds beyond the replica; one read at a time. */
  pull(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.pulling) {
      this.again = true;
      return this.pulling;
    }
    this.pulling = this.read().finally(() => {
      this.pulling = null;
    });
    return this.pulling;
  }

  /** Stops reading: no notification, no poll; waits for a read under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.options.store.stopListening();
    await this.pulling?.catch(() => undefined);
  }

  private async read(): Promise<void> {
    const { store, config } = this.options;
    try {
      do {
        this.again = false;
        let entries: JournalEntry[];
        try {
          entries = await store.journalAfter(this.engine.seq);
        } catch (error) {
          // The database out of reach for a moment: nothing was applied.
          this.options.onReadError?.(error);
          return;
        }
        if (entries.length === 0) break;
        if (entries[0]!.cmd.seq !== this.engine.seq + 1) {
          // The leader pruned what this replica had not read (it fell a few snapshots
          // behind): start again from the newest snapshot, as a restart would.
          const snapshot = await store.latestSnapshot();
          if (!snapshot || snapshot.seq <= this.engine.seq) {
            throw new Error(`the journal skips from command ${this.engine.seq}`);
          }
          this.engine = new TradingEngine(config, snapshot);
          this.options.replaced?.(this.engine);
          this.again = true;
          continue;
        }
        const results: CommandResult[] = [];
        for (const { cmd } of entries) {
          if (cmd.seq !== this.engine.seq + 1) {
            throw new Error(`the journal skips from ${this.engine.seq} to ${cmd.seq}`);
          }
          results.push(this.engine.apply(cmd));
        }
        this.options.applied?.(entries, results);
        this.again = true;
      } while (this.again);
    } catch (error) {
      this.failure ??= error instanceof Error ? error : new Error(String(error));
      this.options.onFailure?.(this.failure);
      throw this.failure;
    }
  }
}
