import { TradingEngine, type EngineCommand, type EngineConfig } from '@meridian/core';
import { EngineHost, type EngineHostOptions, type EngineReplica } from './engine-host.ts';
import type { PgEngineStore } from './store/pg-store.ts';

/** How often a standby reads the journal without being told (a lost notification). */
const POLL_MS = 500;

type LeaderOptions = Omit<EngineHostOptions, 'dir' | 'store' | 'config'>;

/**
 * A hot standby engine: it tails the leader's journal in PostgreSQL into a replica of its
 * own, command by command, so its state hash at any sequence is the leader's. When the
 * leader's lock is freed (its process died or stopped), `promote` applies the rest of the
 * journal and carries on as the leader from the last command the old one acknowledged.
 */
export class EngineStandby {
  private pulling: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private failure: Error | null = null;
  private promoting = false;

  private constructor(
    /** The journal it tails and, once promoted, writes (its fence guards the projection). */
    readonly store: PgEngineStore,
    private readonly config: EngineConfig,
    private readonly replica: EngineReplica,
    private readonly snapshotEvery: number,
  ) {}

  static async open(options: {
    store: PgEngineStore;
    config: EngineConfig;
    /** Commands between the replica's own in-memory rebases (what `undo` rebuilds from). */
    snapshotEvery?: number;
  }): Promise<EngineStandby> {
    const base = await options.store.latestSnapshot();
    const standby = new EngineStandby(
      options.store,
      options.config,
      { engine: new TradingEngine(options.config, base), base, since: [], results: [] },
      options.snapshotEvery ?? 50_000,
    );
    await options.store.listen(() => void standby.pull());
    await standby.pull();
    standby.timer = setInterval(() => {
      void standby.pull().then(() => standby.forgetProjected());
    }, POLL_MS);
    standby.timer.unref();
    return standby;
  }

  /** The last command the replica applied. */
  get seq(): number {
    return this.replica.engine.seq;
  }

  stateHash(): string {
    return this.replica.engine.stateHash();
  }

  /** Reads and applies what the journal holds beyond the replica; one read at a time. */
  pull(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.pulling) {
      this.again = true;
      return this.pulling;
    }
    this.pulling = (async () => {
      try {
        do {
          this.again = false;
          const commands = await this.store.commandsAfter(this.seq);
          this.apply(commands);
          if (commands.length > 0) this.again = true;
        } while (this.again && !this.failure);
      } catch (error) {
        this.failure ??= error instanceof Error ? error : new Error(String(error));
        throw this.failure;
      } finally {
        this.pulling = null;
      }
    })();
    return this.pulling;
  }

  /** Resolves once this process holds the lead; tailing goes on meanwhile. */
  async waitForLead(): Promise<void> {
    await this.store.lead();
  }

  /** Takes the lead if no other process holds it; false, and nothing changed, otherwise. */
  tryLead(): Promise<boolean> {
    return this.store.lead({ wait: false });
  }

  /**
   * Waits for the lead (the leader's lock), then stops tailing and takes over: the journal
   * after the replica is applied and the SQL projection brought up to date before the
   * returned host takes its first command.
   */
  async promote(options: LeaderOptions): Promise<EngineHost> {
    await this.store.lead();
    this.promoting = true;
    clearInterval(this.timer);
    await this.store.stopListening();
    await this.pulling?.catch(() => undefined);
    if (this.failure) throw this.failure;
    return EngineHost.takeOver(
      { ...options, config: this.config, store: this.store },
      this.replica,
    );
  }

  /** Stops tailing and closes the store's connections. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.pulling?.catch(() => undefined);
    await this.store.close();
  }

  private apply(commands: EngineCommand[]): void {
    const replica = this.replica;
    for (const cmd of commands) {
      if (cmd.seq !== replica.engine.seq + 1) {
        throw new Error(`journal skips from ${replica.engine.seq} to ${cmd.seq}`);
      }
      replica.results.push(replica.engine.apply(cmd));
      replica.since.push(cmd);
    }
    // What `undo` rebuilds from stays short: a fresh in-memory base now and then.
    if (replica.since.length >= this.snapshotEvery) {
      replica.base = replica.engine.snapshot();
      replica.since = [];
    }
  }

  /** Results the leader has projected are no longer needed for a takeover. */
  private async forgetProjected(): Promise<void> {
    const projected = await this.store.projectedSeq().catch(() => 0);
    if (this.promoting) return;
    const results = this.replica.results;
    const keepFrom = results.findIndex((r) => r.seq > projected);
    results.splice(0, keepFrom < 0 ? results.length : keepFrom);
  }
}
