import path from 'node:path';
import { Journal } from '../journal.ts';
import { latestSnapshot, writeSnapshot } from '../snapshots.ts';
import type { EngineStore } from './engine-store.ts';

/**
 * The embedded engine's store: `journal/` segment files and `snapshots/` under one folder
 * (DATA_DIR/engine). One process owns it.
 */
export function fileEngineStore(dir: string): EngineStore {
  let journal: Journal | null = null;
  return {
    latestSnapshot: async () => latestSnapshot(path.join(dir, 'snapshots')),
    async openJournal(afterSeq) {
      const opened = Journal.open(path.join(dir, 'journal'), afterSeq);
      journal = opened.journal;
      return opened;
    },
    writeSnapshot: async (seq, text, keep) =>
      writeSnapshot(path.join(dir, 'snapshots'), seq, text, keep),
    async prune(seq) {
      journal?.prune(seq);
    },
  };
}
