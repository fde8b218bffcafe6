import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, SQLITE_FILE, type Database } from '../src/kernel/db/database.ts';
import { tempDir } from './helpers.ts';

// The write-ahead log is checkpointed off the request thread; it must still be copied
// back and reused, or it would grow without end.
let database: Database | undefined;
let dir: string | undefined;
afterEach(async () => {
  await database?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  database = dir = undefined;
});

it('reuses the write-ahead log once a worker has checkpointed it', async () => {
  dir = tempDir('meridian-wal-');
  database = openDatabase({ dataDir: dir });
  const file = database.sqlite!;
  file.exec('create table filler (id integer primary key, text text)');
  const insert = file.prepare('insert into filler (text) values (?)');
  const write = file.transaction(() => {
    for (let i = 0; i < 2_000; i++) insert.run('x'.repeat(500));
  });
  const wal = path.join(dir, `${SQLITE_FILE}-wal`);

  // Each round writes as much again, then leaves time for a checkpoint. Checkpointed, the
  // next round starts the log over, so its size stops changing; unchecked, it grows by a
  // round's worth every time.
  const deadline = Date.now() + 15_000;
  let rounds = 0;
  let last = 0;
  let unchanged = 0;
  while (Date.now() < deadline && unchanged < 3) {
    write();
    rounds++;
    const size = fs.statSync(wal).size;
    unchanged = size === last ? unchanged + 1 : 0;
    last = size;
    await new Promise((resolve) => setTimeout(resolve, 700));
  }
  expect(unchanged).toBe(3);
  expect(file.prepare('select count(*) as n from filler').get()).toEqual({ n: 2_000 * rounds });
});
