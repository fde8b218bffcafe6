import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/kernel/db/database.ts';
import { migrateToLatest } from '../../src/migrations.ts';
import { EngineHost } from '../../src/engine/engine-host.ts';
import { SqlProjector } from '../../src/engine/sql-projector.ts';
import { tempDir } from '../helpers.ts';
import { TEST_ENGINE } from './config.ts';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const snapshots = (dir: string) =>
  fs.existsSync(path.join(dir, 'engine', 'snapshots'))
    ? fs.readdirSync(path.join(dir, 'engine', 'snapshots')).filter((f) => f.endsWith('.json'))
    : [];

async function open(dir: string) {
  return EngineHost.open({
    dir: path.join(dir, 'engine'),
    config: TEST_ENGINE,
    projector: await SqlProjector.open(database!.db, TEST_ENGINE),
    snapshotEvery: 2,
  });
}

it("snapshots (and the journal's pruning) wait for a module's own projection, also at close", async () => {
  const dir = tempDir('meridian-gates-');
  database = openDatabase({ dataDir: dir });
  await migrateToLatest(database.db);
  const host = await open(dir);
  let written = 0;
  host.holdSnapshotsFor(() => written);
  for (let i = 1; i <= 6; i++) await host.deposit('alice', 'USDT', '1', `d${i}`);
  await host.projected();
  await host.deposit('alice', 'USDT', '1', 'd7');
  await host.projected();
  // The SQL projection is done, the module is not: the journal keeps everything.
  expect(snapshots(dir)).toEqual([]);

  written = host.seq;
  for (let i = 8; i <= 11; i++) await host.deposit('alice', 'USDT', '1', `d${i}`);
  await host.projected();
  expect(snapshots(dir).length).toBeGreaterThan(0);
  const before = snapshots(dir);

  // Closing while the module is behind writes no snapshot: a restart replays the rest.
  await host.deposit('alice', 'USDT', '1', 'd12');
  await host.close();
  expect(snapshots(dir)).toEqual(before);
  const again = await open(dir);
  expect(again.restored.seq).toBe(12);
  expect(again.balance('alice', 'USDT')).toMatchObject({ available: '12' });
  await again.close();
});
