import { randomUUID } from 'node:crypto';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  PostingBatch,
  type CommandResult,
  type TradingEngine,
  type EngineCommand,
  type EngineConfig,
} from '@meridian/core';
import { unencodableIdentifier } from '../command-identifiers.ts';
import { EngineFront, refused, type Ack, type Unsequenced } from '../engine-front.ts';
import { EngineCommandError } from '../engine-host.ts';
import { JournalTail } from '../journal-tail.ts';
import type { JournalEntry, PgEngineStore } from '../store/pg-store.ts';
import {
  encodeUnsequenced,
  type EngineSubjects,
  type LeaderStatus,
  type SubmitReply,
} from './protocol.ts';

/** One request's wait for the leader's answer before it is sent again (same key). */
const REQUEST_TIMEOUT_MS = 500;
/** Pause between two sends while no leader answers (a takeover in progress). */
const RETRY_MS = 100;
/** A command still unanswered after this fails its caller; its key still guards a retry. */
const GIVE_UP_MS = 30_000;
/** How often a wait for the leader's projections asks where they stand (a lost message). */
const STATUS_POLL_MS = 250;

interface Pending {
  resolve(ack: Ack): void;
  reject(error: Error): void;
}

/** No engine leader answered in time: the command may or may not have been sequenced. */
export class EngineUnavailableError extends Error {
  constructor() {
    super('no answer from the engine leader: the command may or may not have been sequenced');
    this.name = 'EngineUnavailableError';
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The engine in an API process (ROLE=api): a replica that applies the leader's journal
 * as it is written, command by command, and answers every read from memory as the
 * leader would; its commands go to the leader over NATS (`command-server.ts`).
 *
 * A command's acknowledgement here is this replica's own result of it, reached by
 * applying the journal (deterministic, so the leader's result exactly): the command is
 * durable before it is acknowledged, as in the leader. A sender that hears nothing (the
 * leader died) sends again under the same key until a leader answers or its own replica
 * finds the key in the journal; the key is sequenced at most once.
 *
 * `onDurable` sees every journalled batch, as in the leader, so market data and user
 * events can be derived here; projections into the tables are the leader's alone, and
 * `projected()` waits for the leader's.
 */
export class EngineFollower extends EngineFront {
  readonly leads = false;
  readonly restored: { seq: number; stateHash: string };
  private readonly pending = new Map<string, Pending>();
  private leaderProjected = 0;
  private readonly projectionWaiters: Array<{ seq: number; resolve: () => void }> = [];
  private statusTimer: NodeJS.Timeout | undefined;
  private readonly subscription: Subscription;
  private closed = false;

  private constructor(
    private readonly tail: JournalTail,
    private readonly store: PgEngineStore,
    private readonly nats: NatsConnection,
    private readonly subjects: EngineSubjects,
    options: FollowerOptions,
  ) {
    super(tail.engine, options.clock ?? Date.now, options.onListenerError);
    this.restored = { seq: tail.seq, stateHash: tail.engine.stateHash() };
    this.subscription = nats.subscribe(subjects.projected, {
      callback: (_error, message) => {
        try {
          this.leaderAt(message.json<LeaderStatus>());
        } catch {
          // Not a status: ignored.
        }
      },
    });
  }

  static async open(
    options: FollowerOptions & {
      store: PgEngineStore;
      config: EngineConfig;
      nats: NatsConnection;
      subjects: EngineSubjects;
    },
  ): Promise<EngineFollower> {
    // The follower hears of each batch the tail applies once it exists: what the tail
    // applied while catching up is its starting state, not news.
    const hears: { follower?: EngineFollower } = {};
    const tail = await JournalTail.open({
      store: options.store,
      config: options.config,
      applied: (entries, results) => hears.follower?.applied(entries, results),
      replaced: (engine) => hears.follower?.replace(engine),
      onReadError: options.onReadError,
      onFailure: options.onFailure,
    });
    hears.follower = new EngineFollower(
      tail,
      options.store,
      options.nats,
      options.subjects,
      options,
    );
    return hears.follower;
  }

  submit(fields: Unsequenced<EngineCommand>): Promise<Ack> {
    if (this.tail.failure) return Promise.reject(this.tail.failure);
    const bad = unencodableIdentifier(fields);
    if (bad) return refused('invalid_order', bad[0]);
    const key = randomUUID();
    const command = encodeUnsequenced(fields);
    const done = new Promise<Ack>((resolve, reject) => {
      this.pending.set(key, { resolve, reject });
    });
    void this.send(key, command);
    return done;
  }

  /** Resolves once the leader's projections have written everything applied here so far. */
  projected(): Promise<void> {
    const seq = this.engine.seq;
    if (this.leaderProjected >= seq) return Promise.resolve();
    return new Promise((resolve) => {
      this.projectionWaiters.push({ seq, resolve });
      this.askStatus();
    });
  }

  /** Nothing is projected here: the modules' projections run in the leader. */
  resultsSince(): readonly CommandResult[] {
    return [];
  }

  /** Snapshots are the leader's. */
  holdSnapshotsFor(): void {}

  forgetEarlyResults(): void {}

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.statusTimer);
    this.subscription.unsubscribe();
    await this.tail.stop();
    for (const [, pending] of this.pending) pending.reject(new EngineUnavailableError());
    this.pending.clear();
    for (const waiter of this.projectionWaiters.splice(0)) waiter.resolve();
    await this.store.close();
  }

  /** Sends a command until a leader answers it or this replica finds it journalled. */
  private async send(key: string, command: string): Promise<void> {
    const deadline = performance.now() + GIVE_UP_MS;
    for (let attempt = 0; this.pending.has(key); attempt++) {
      if (this.closed) return;
      if (performance.now() > deadline) {
        this.settle(key, (p) => p.reject(new EngineUnavailableError()));
        return;
      }
      let reply: SubmitReply;
      try {
        const message = await this.nats.request(
          this.subjects.submit,
          JSON.stringify({ key, retry: attempt > 0, command }),
          { timeout: REQUEST_TIMEOUT_MS },
        );
        reply = message.json<SubmitReply>();
      } catch {
        // No leader (a takeover), or none answered in time: ask again under the same key.
        await pause(RETRY_MS);
        continue;
      }
      if (reply.outcome === 'sequenced') {
        // Its result is this replica's, once it has read that far.
        while (this.pending.has(key) && this.engine.seq < reply.seq && !this.closed) {
          if (this.tail.failure || performance.now() > deadline) break;
          await this.tail.pull().catch(() => undefined);
          if (this.engine.seq < reply.seq) await pause(RETRY_MS);
        }
        // Still unsettled: this replica jumped over it (restarted from a snapshot when far
        // behind), or could not read the journal for GIVE_UP_MS.
        this.settle(key, (p) => p.reject(new EngineUnavailableError()));
        return;
      }
      if (reply.outcome === 'refused') {
        const events = reply.events;
        this.settle(key, (p) =>
          p.resolve({ seq: null, ts: null, events, postings: PostingBatch.EMPTY }),
        );
        return;
      }
      this.settle(key, (p) =>
        p.reject(new EngineCommandError(command, { cause: new Error('refused by the leader') })),
      );
      return;
    }
  }

  /** The tail's newer replica (the journal was pruned past the old one): reads follow it. */
  private replace(engine: TradingEngine): void {
    this.engine = engine;
  }

  private settle(key: string, how: (pending: Pending) => void): void {
    const pending = this.pending.get(key);
    if (!pending) return;
    this.pending.delete(key);
    how(pending);
  }

  /** A batch the tail applied: its keyed commands answer their senders, then listeners hear. */
  private applied(entries: readonly JournalEntry[], results: readonly CommandResult[]): void {
    entries.forEach(({ key }, i) => {
      if (key === null) return;
      const result = results[i]!;
      this.settle(key, (p) =>
        p.resolve({
          seq: result.seq,
          ts: result.ts,
          events: result.events,
          postings: result.postings,
        }),
      );
    });
    this.emit(results);
  }

  private leaderAt(status: LeaderStatus): void {
    if (status.projected <= this.leaderProjected) return;
    this.leaderProjected = status.projected;
    for (let i = this.projectionWaiters.length - 1; i >= 0; i--) {
      const waiter = this.projectionWaiters[i]!;
      if (waiter.seq > status.projected) continue;
      this.projectionWaiters.splice(i, 1);
      waiter.resolve();
    }
  }

  /** While a wait for the projections lasts, asks the leader now and then (a lost message). */
  private askStatus(): void {
    if (this.statusTimer || this.closed) return;
    this.statusTimer = setTimeout(() => {
      this.statusTimer = undefined;
      this.nats
        .request(this.subjects.status, '', { timeout: REQUEST_TIMEOUT_MS })
        .then((message) => this.leaderAt(message.json<LeaderStatus>()))
        .catch(() => undefined)
        .finally(() => {
          if (this.projectionWaiters.length > 0) this.askStatus();
        });
    }, STATUS_POLL_MS);
  }
}

interface FollowerOptions {
  clock?: () => number;
  onListenerError?: (error: unknown) => void;
  /** Called once if the replica cannot go on (a journal it cannot apply): restart the process. */
  onFailure?: (error: Error) => void;
  /** The journal could not be read this time (it is read again at the next chance). */
  onReadError?: (error: unknown) => void;
}
