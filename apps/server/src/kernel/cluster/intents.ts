import type { Cluster } from './cluster.ts';
import { AppError } from '../errors.ts';

/**
 * Who started a piece of work: written on its intent row together with the state that
 * starts it (an opening, a withdrawal being sent, a swap being settled), and read by the
 * leader to tell work a living process is doing from work a dead one left half done.
 */
export interface Claim {
  owner: string;
  claimed_at: number;
}

/** The claim's columns as a table keeps them: empty on rows from before claims were kept. */
export interface Claimed {
  owner: string | null;
  claimed_at: number | string | bigint | null;
}

/** A row no work has started on yet (an open quote, a proposal waiting for approval). */
export const UNCLAIMED = { owner: null, claimed_at: null } as const satisfies Claimed;

/** A module's intent rows: those waiting in a state that starts work, and how each ends. */
export interface IntentRows<Row extends Claimed> {
  /** Rows in a state that starts work, oldest first. */
  pending(): Promise<Row[]>;
  /**
   * Takes one row to its end. Must be safe to repeat: the engine refuses a reference it
   * has applied, and each state change is conditional on the state it leaves. An
   * `AppError` is the row's own outcome (the engine refused the work) and ends it.
   */
  finish(row: Row): Promise<unknown>;
}

export interface Intents {
  /** The claim to write on an intent row as this process starts its work. */
  claim(): Claim;
  /**
   * Has the leader finish the rows no living process will: at once (awaited, so a
   * module's later start-up steps see them finished), then every sweep. Elsewhere it does
   * nothing. Returns how many rows this first pass took up.
   */
  resume<Row extends Claimed>(name: string, rows: IntentRows<Row>): Promise<number>;
  /** One sweep of every registered module's rows (the timer's; tests call it). */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Past this, a claim held by a living process counts as given up: its work failed with
 * an error (the engine out of reach for longer than a command is retried) and nothing
 * else will take it up. Far above any step's duration, so a slow step is never doubled.
 */
export const CLAIM_LAPSE_MS = 60_000;

/** How often the leader looks for work to take over. */
export const INTENT_SWEEP_MS = 5_000;

/**
 * Half-done work across processes. Each process claims the intent rows it writes; the
 * engine leader finishes those whose process is gone (it stopped beating in Redis; in the
 * embedded default, any process but this one: an earlier run) or whose claim lapsed, at
 * its start and then every few seconds. So an API process killed between a state change
 * and the engine's answer has its work finished within seconds, without a restart, and
 * the work of living processes is never taken from under them.
 */
export function createIntents(deps: {
  cluster: Pick<Cluster, 'processId' | 'alive'>;
  now: () => number;
  leads: boolean;
  everyMs?: number;
  onError: (error: unknown, detail: { name: string }) => void;
}): Intents {
  const { cluster, now, leads, onError } = deps;
  const modules = new Map<string, IntentRows<Claimed>>();
  let running: Promise<unknown> | null = null;

  /** Whether no living process will finish a row; liveness asked once per owner a pass. */
  function orphanCheck() {
    const asked = new Map<string, Promise<boolean>>();
    const at = now();
    return async (row: Claimed): Promise<boolean> => {
      if (row.owner === null) return true;
      if (row.claimed_at !== null && at - Number(row.claimed_at) > CLAIM_LAPSE_MS) return true;
      if (row.owner === cluster.processId) return false;
      let alive = asked.get(row.owner);
      if (!alive) {
        alive = cluster.alive(row.owner);
        asked.set(row.owner, alive);
      }
      return !(await alive);
    };
  }

  async function pass(name: string, rows: IntentRows<Claimed>): Promise<number> {
    const orphaned = orphanCheck();
    let taken = 0;
    for (const row of await rows.pending()) {
      if (!(await orphaned(row))) continue;
      try {
        await rows.finish(row);
      } catch (error) {
        if (!(error instanceof AppError)) onError(error, { name });
      }
      taken += 1;
    }
    return taken;
  }

  // One sweep at a time: a timer tick during a slow sweep joins it.
  function sweep(): Promise<unknown> {
    running ??= (async () => {
      for (const [name, rows] of modules) {
        await pass(name, rows).catch((error: unknown) => onError(error, { name }));
      }
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const timer = leads ? setInterval(sweep, deps.everyMs ?? INTENT_SWEEP_MS) : undefined;
  timer?.unref();

  return {
    claim: () => ({ owner: cluster.processId, claimed_at: now() }),
    async resume(name, rows) {
      if (!leads) return 0;
      if (modules.has(name)) throw new Error(`Intent rows "${name}" are registered twice`);
      modules.set(name, rows as unknown as IntentRows<Claimed>);
      return pass(name, rows as unknown as IntentRows<Claimed>);
    },
    async sweep() {
      await sweep();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
