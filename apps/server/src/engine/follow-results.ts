import type { CommandResult } from '@meridian/core';
import type { EngineFront } from './engine-front.ts';

/**
 * Keeps a module's own projection of engine results in step, restart-safe: first the
 * results after the module's cursor (what became durable before it listened: the replay
 * after a restart, commands sent while modules start), then every durable batch. Writes
 * run one at a time, in order; a batch with nothing for the module only moves its
 * position. Snapshots wait for that position (`holdSnapshotsFor`), and a failed write
 * stops it, so the journal is kept and the next start writes what is missing.
 *
 * `select` picks what a batch holds for the module (null: nothing); `write` stores it
 * with the cursor, in one transaction, and may then tell users.
 *
 * In an API process nothing is written: the leader projects, and `flushed` waits for it.
 */
export async function followResults<T>(options: {
  engine: EngineFront;
  cursor: number;
  select: (results: readonly CommandResult[]) => T | null;
  write: (selected: T, lastSeq: number) => Promise<void>;
  onError: (error: unknown) => void;
}): Promise<{ flushed: () => Promise<void> }> {
  const { engine } = options;
  if (!engine.leads) return { flushed: () => engine.projected() };
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;
  let failed = false;
  let reached = 0;
  const advance = (seq: number) => {
    if (!failed && seq > reached) reached = seq;
  };
  // Nothing to write up to `seq`: projected this far once what is ahead is written.
  const advanceInTurn = (seq: number) => {
    if (pending === 0) advance(seq);
    else queue = queue.then(() => advance(seq));
  };
  const enqueue = (results: readonly CommandResult[]) => {
    const lastSeq = results.at(-1)!.seq;
    const selected = options.select(results);
    if (selected === null) {
      advanceInTurn(lastSeq);
      return;
    }
    pending += 1;
    queue = queue
      .then(async () => {
        await options.write(selected, lastSeq);
        advance(lastSeq);
      })
      .catch((error: unknown) => {
        failed = true;
        options.onError(error);
      })
      .finally(() => {
        pending -= 1;
      });
  };
  const missed = engine.resultsSince(options.cursor);
  if (missed.length > 0) enqueue(missed);
  // Up to the restart: written before, or among the results just queued.
  advanceInTurn(engine.restored.seq);
  engine.onDurable(enqueue);
  engine.holdSnapshotsFor(() => reached);
  await queue;
  return {
    /** Resolves once everything selected so far is written. */
    flushed: () => queue,
  };
}
