import type SQLite from 'better-sqlite3';

/** Pages one step gives back (4 MiB of 4 KiB pages): a few milliseconds of the writer's lock. */
const PAGES_PER_STEP = 1_024;
/** Steps per run at most, so one run never holds the database long. */
const MAX_STEPS = 64;

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Returns pages freed by the retention deletes to the file system, a bounded step at a
 * time with trading's writes in between. The WAL itself is checkpointed continuously by
 * the kernel's checkpointer (kernel/db/checkpointer.ts) and cut back to
 * `journal_size_limit`. Only a file created with `auto_vacuum = INCREMENTAL` (every file
 * since issue 27) can give pages back; an older one reuses them for new rows instead.
 */
export async function reclaimSqliteSpace(file: SQLite.Database): Promise<number> {
  if (Number(file.pragma('auto_vacuum', { simple: true })) !== 2) return 0;
  let freed = 0;
  for (let step = 0; step < MAX_STEPS; step++) {
    const free = Number(file.pragma('freelist_count', { simple: true }));
    if (free === 0) break;
    file.pragma(`incremental_vacuum(${Math.min(free, PAGES_PER_STEP)})`);
    freed += Math.min(free, PAGES_PER_STEP);
    await yieldToOthers();
  }
  return freed;
}
