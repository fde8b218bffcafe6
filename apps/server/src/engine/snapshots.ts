import fs from 'node:fs';
import path from 'node:path';
import type { EngineSnapshot } from '@meridian/core';
import { syncDir } from './journal.ts';

/**
 * Engine snapshots, `<seq>.json` under one folder. A snapshot is written to a temporary
 * file, fsynced and renamed, so the newest complete file is always a usable one.
 */
export function latestSnapshot(dir: string): EngineSnapshot | undefined {
  fs.mkdirSync(dir, { recursive: true });
  const newest = fs
    .readdirSync(dir)
    .filter((name) => /^\d{16}\.json$/.test(name))
    .sort()
    .at(-1);
  if (!newest) return undefined;
  return JSON.parse(fs.readFileSync(path.join(dir, newest), 'utf8')) as EngineSnapshot;
}

/** Writes the snapshot of command `seq`, serialised as `text`, durably; removes older ones. */
export function writeSnapshot(dir: string, seq: number, text: string): void {
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
  for (const other of fs.readdirSync(dir)) {
    if (other !== name) fs.rmSync(path.join(dir, other));
  }
}
