import {
  TradingEngine,
  type EngineCommand,
  type EngineConfig,
  type EngineSnapshot,
} from '@meridian/core';
import { EngineHost, type EngineHostOptions } from './engine-host.ts';
import type { PgEngineStore } from './store/pg-store.ts';

/** How often a standby reads the journal without being told (a lost notification). */
const POLL_MS = 500;

type LeaderOptions = Omit<EngineHostOptions, 'dir' | 'store' | 'config'>;

/**
 * A hot standby engine: it tails the leader's journal in PostgreSQL into a replica of its
 * own, command by command, so its state hash at any sequence is the leader's and a
 * damaged journal shows while there is still a leader. When the leader's lock is freed
 * (its process died or stopped), `promote` takes over as a restart would: from the
 * newest snapshot, replaying the journal after it, so the SQL projection and every
 * module's own projection get the results they had not yet written (snapshots wait for
 * them all), and it carries on from the last command the old leader acknowledged.
 */
export class EngineStandby {
  private engine: TradingEngine;
  private pulling: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private failure: Error | null = null;

  private constructor(
    /** The journal it tails and, once promoted, writes (its fence guards the projection). */
    readonly store: PgEngineStore,
    private readonly config: EngineConfig,
    snapshot: EngineSnapshot | undefined,
  ) {
    this.engine = new TradingEngine(config, snapshot);
  }

  static async open(options: {
    store: PgEngineStore;
    config: EngineConfig;
  }): Promise<EngineStandby> {
    const standby = new EngineStandby(
      options.store,
      options.config,
      await options.store.latestSnapshot(),
    );
    await options.store.listen(() => void standby.pull().catch(() => undefined));
    await standby.pull();
    standby.timer = setInterval(() => void standby.pull().catch(() => undefined), POLL_MS);
    standby.timer.unref();
    return standby;
  }

  /** The last command the replica applied. */
  get seq(): number {
    return this.engine.seq;
  }

  stateHash(): string {
    return this.engine.stateHash();
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
          if (commands.length > 0 && commands[0]!.seq !== this.seq + 1) {
            // The leader pruned what this replica had not read (it fell a few snapshots
            // behind): start again from the newest snapshot, as a restart would.
            await this.resync();
            this.again = true;
            continue;
          }
          this.apply(commands);
          if (commands.length > 0) this.again = true;
        } while (this.again);
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
   * Waits for the lead (the leader's lock), stops tailing, and opens the engine as its
   * only writer. Where the replica had reached the same sequence, the two states must
   * agree: a difference would mean the engine is not deterministic, and nothing starts.
   */
  async promote(options: LeaderOptions): Promise<EngineHost> {
    await this.store.lead();
    clearInterval(this.timer);
    await this.store.stopListening();
    await this.pulling?.catch(() => undefined);
    if (this.failure) throw this.failure;
    const host = await EngineHost.open({ ...options, config: this.config, store: this.store });
    if (host.seq === this.seq && host.stateHash() !== this.stateHash()) {
      await host.close();
      throw new Error(`the standby's state differs from the journal's at command ${this.seq}`);
    }
    return host;
  }

  /** Stops tailing and closes the store's connections. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.pulling?.catch(() => undefined);
    await this.store.close();
  }

  private async resync(): Promise<void> {
    const snapshot = await this.store.latestSnapshot();
    if (!snapshot || snapshot.seq <= this.seq) {
      throw new Error(`the journal skips from command ${this.seq} and no snapshot covers it`);
    }
    this.engine = new TradingEngine(this.config, snapshot);
  }

  private apply(commands: EngineCommand[]): void {
    for (const cmd of commands) {
      if (cmd.seq !== this.engine.seq + 1) {
        throw new Error(`journal skips from ${this.engine.seq} to ${cmd.seq}`);
      }
      this.engine.apply(cmd);
    }
  }
}
