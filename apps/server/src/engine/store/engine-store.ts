import type { EngineCommand, EngineSnapshot } from '@meridian/core';

/**
 * Where the engine's acknowledged commands go, in sequence order. `append` settles once
 * the store has confirmed the command (with the rest of its group): only then is it
 * acknowledged to anyone.
 */
export interface JournalWriter {
  /**
   * `key`: the one an API process sent the command under, kept with it where followers
   * read the journal (PostgreSQL); the file journal has no followers and keeps none.
   */
  append(cmd: EngineCommand, key?: string): Promise<void>;
  /** Whether nothing is waiting to be written. */
  readonly idle: boolean;
  /** A hint that a snapshot was taken: what follows may start a new segment. */
  rollover(): void;
  /** Waits until every command appended so far is written (or has failed). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The engine's durable state: snapshots and the journal after them. On files for the
 * embedded start (`file-store.ts`), in PostgreSQL for a deployment whose standby engines
 * must read what the leader wrote (`pg-store.ts`).
 */
export interface EngineStore {
  latestSnapshot(): Promise<EngineSnapshot | undefined>;
  /**
   * Makes this process the journal's only writer (waiting while another holds it where
   * the store is shared) and answers the commands after `afterSeq`, with the writer that
   * appends the ones to come.
   */
  openJournal(afterSeq: number): Promise<{ journal: JournalWriter; commands: EngineCommand[] }>;
  /**
   * Writes the snapshot of command `seq` durably, keeps the newest `keep`, and answers the
   * sequence of the oldest one kept: the journal up to it is no longer needed.
   */
  writeSnapshot(seq: number, text: string, keep?: number): Promise<number>;
  /** Removes the journal's commands at or before `seq` (covered by a durable snapshot). */
  prune(seq: number): Promise<void>;
  /** Releases what the store holds (connections; a shared store's lead goes with them). */
  close?(): Promise<void>;
}
