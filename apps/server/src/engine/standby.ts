import type { EngineConfig } from '@meridian/core';
import { EngineHost, type EngineHostOptions } from './engine-host.ts';
import { JournalTail } from './journal-tail.ts';
import type { PgEngineStore } from './store/pg-store.ts';

type LeaderOptions = Omit<EngineHostOptions, 'dir' | 'store' | 'config'>;

/**
 * A hot standby engine: it tails the leader's journal in PostgreSQL into a replica of its
 * own (`journal-tail.ts`), so its state hash at any sequence is the leader's and a
 * damaged journal shows while there is still a leader. When the leader's lock is freed
 * (its process died or stopped), `promote` takes over as a restart would: from the
 * newest snapshot, replaying the journal after it, so the SQL projection and every
 * module's own projection get the results they had not yet written (snapshots wait for
 * them all), and it carries on from the last command the old leader acknowledged.
 */
export class EngineStandby {
  private constructor(
    /** The journal it tails and, once promoted, writes (its fence guards the projection). */
    readonly store: PgEngineStore,
    private readonly config: EngineConfig,
    private readonly tail: JournalTail,
  ) {}

  static async open(options: {
    store: PgEngineStore;
    config: EngineConfig;
  }): Promise<EngineStandby> {
    const tail = await JournalTail.open({ store: options.store, config: options.config });
    return new EngineStandby(options.store, options.config, tail);
  }

  /** The last command the replica applied. */
  get seq(): number {
    return this.tail.seq;
  }

  stateHash(): string {
    return this.tail.engine.stateHash();
  }

  /** Reads and applies what the journal holds beyond the replica. */
  pull(): Promise<void> {
    return this.tail.pull();
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
    await this.tail.stop();
    if (this.tail.failure) throw this.tail.failure;
    const host = await EngineHost.open({ ...options, config: this.config, store: this.store });
    if (host.seq === this.seq && host.stateHash() !== this.stateHash()) {
      await host.close();
      throw new Error(`the standby's state differs from the journal's at command ${this.seq}`);
    }
    return host;
  }

  /** Stops tailing and closes the store's connections. */
  async close(): Promise<void> {
    await this.tail.stop();
    await this.store.close();
  }
}
