import fs from 'node:fs';
import path from 'node:path';
import { SNAPSHOTS_KEPT, type EngineSnapshot } from '@meridian/core';
import { syncDir } from './journal.ts';

/**
 * Engine snapshots, `<seq>.json` under one folder. A snapshot is written to a temporary
 * file, fsynced and renamed, so the newest complete file is always a usable one; the
 * last few are kept (issue 27) and older ones, with the journal before them, removed.
 */
export function latestSnapshot(dir: string): EngineSnapshot | undefined {
  fs.mkdirSync(dir, { recursive: true });
  // The newest that reads: an older one kept (SNAPSHOTS_KEPT) stands in for a damaged one,
  // and the journal is kept from the oldest kept snapshot on, so its commands replay.
  for (const name of snapshotNames(dir).reverse()) {
    try {
      return JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as EngineSnapshot;
    } catch {
      continue;
    }
  }
  return undefined;
}

function snapshotNames(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => /^\d{16}\.json$/.test(name))
    .sort();
}

/**
 * Writes the snapshot of command `seq`, serialised as `text`, durably; keeps the newest
 * `keep` and removes older ones. Answers the sequence of the oldest snapshot kept: the
 * journal is needed from there on.
 */
export function writeSnapshot(
  dir: string,
  seq: number,
  text: string,
  keep = SNAPSHOTS_KEPT,
): number {
  const name = `${String(seq).padStart(16, '0')}.json`;
  const temporary = path.join(dir, `${name}.tmp`);
  const fd = fs.openSync(temporary, 'w');
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temporary, path.join(dir, name));
  syncDir(dir);
  const names = snapshotNames(dir);
  const kept = names.slice(-Math.max(1, keep));
  for (const other of fs.readdirSync(dir)) {
    if (!kept.includes(other)) fs.rmSync(path.join(dir, other));
  }
  return Number(path.basename(kept[0]!, '.json'));
}
