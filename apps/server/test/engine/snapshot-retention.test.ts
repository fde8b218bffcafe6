import fs from 'node:fs';
import path from 'node:path';
import { SNAPSHOTS_KEPT } from '@meridian/core';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/kernel/db/database.ts';
import { migrateToLatest } from '../../src/migrations.ts';
import { EngineHost } from '../../src/engine/engine-host.ts';
import { SqlProjector } from '../../src/engine/sql-projector.ts';
import { tempDir } from '../helpers.ts';
import { TEST_ENGINE } from './config.ts';

// Issue 27: journal segments and snapshots are pruned once a newer snapshot is durable,
// keeping the last few; a restart (also from an older snapshot) replays to the same state.

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const files = (dir: string, folder: string, ext: string) =>
  fs
    .readdirSync(path.join(dir, 'engine', folder))
    .filter((f) => f.endsWith(ext))
    .sort();

async function open(dir: string, fresh = false, snapshotEvery = 5) {
  if (fresh) {
    database = openDatabase({ dataDir: dir });
    await migrateToLatest(database.db);
  }
  return EngineHost.open({
    dir: path.join(dir, 'engine'),
    config: TEST_ENGINE,
    projector: await SqlProjector.open(database!.db, TEST_ENGINE),
    snapshotEvery,
  });
}

/**
 * Each deposit projected before the next: snapshots are taken and written as projection
 * batches end, so one batch per command makes their number independent of the machine's
 * speed (a loaded machine would otherwise project many commands in one batch).
 */
async function deposits(host: EngineHost, from: number, to: number) {
  for (let i = from; i <= to; i++) {
    await host.deposit('alice', 'USDT', '1', `d${i}`);
    await host.projected();
  }
}

it('keeps the last snapshots and the journal from the oldest of them; a restart replays the rest', async () => {
  const dir = tempDir('meridian-prune-');
  const host = await open(dir, true);
  await deposits(host, 1, 60);
  const snapshots = files(dir, 'snapshots', '.json');
  const segments = files(dir, 'journal', '.log');
  expect(snapshots).toHaveLength(SNAPSHOTS_KEPT);
  // Every snapshot was followed by a new segment: far fewer are left than were written.
  expect(segments.length).toBeLessThanOrEqual(SNAPSHOTS_KEPT + 1);
  const oldestSnapshot = Number(snapshots[0]!.slice(0, 16));
  const firstJournalled = Number(segments[0]!.slice(0, 16));
  // Nothing after the oldest kept snapshot was pruned; older segments were.
  expect(firstJournalled).toBeLessThanOrEqual(oldestSnapshot + 1);
  expect(firstJournalled).toBeGreaterThan(1);
  const hash = host.restored.stateHash;
  expect(hash).toBeTruthy();
  await deposits(host, 61, 62);
  await host.close();

  const again = await open(dir);
  expect(again.restored.seq).toBe(62);
  expect(again.balance('alice', 'USDT')).toMatchObject({ available: '62' });
  const restoredHash = again.restored.stateHash;
  await again.close();

  // The newest snapshot damaged: the start falls back to an older kept one and replays
  // the journal after it to exactly the same state.
  const kept = files(dir, 'snapshots', '.json');
  fs.writeFileSync(path.join(dir, 'engine', 'snapshots', kept.at(-1)!), '{"torn');
  const fallback = await open(dir);
  expect(fallback.restored.seq).toBe(62);
  expect(fallback.restored.stateHash).toBe(restoredHash);
  expect(fallback.balance('alice', 'USDT')).toMatchObject({ available: '62' });
  await fallback.close();
});

it('market makers reserving in the engine (maker-holds) restart to the same state from a snapshot and from the journal alone', async () => {
  const dir = tempDir('meridian-maker-holds-');
  // No snapshot before the stop's own: one taken meanwhile (how many depends on how the
  // machine batches the projection) would prune the journal the second restart needs.
  const host = await open(dir, true, 1_000);
  await host.adjust('s:operator_capital:USDT', 'm:btc:a:USDT', 'USDT', '100000', 'cap-1');
  await host.adjust('s:operator_capital:BTC', 'm:btc:a:BTC', 'BTC', '10', 'cap-2');
  await host.deposit('alice', 'USDT', '100000', 'alice-1');
  const quote = (side: 'buy' | 'sell', price: string) =>
    host.placeOrder({
      user: 'mm.btc',
      market: 'BTC-USDT',
      side,
      kind: 'limit',
      tif: 'GTC',
      price,
      quantity: '0.5',
    });
  // One quote resting from before the switch, then the switch, then quotes and a fill.
  await quote('buy', '100');
  await host.keepMakerHoldsInEngine();
  expect(host.makerHoldsInEngine).toBe(true);
  await quote('sell', '200');
  await host.placeOrder({
    user: 'alice',
    market: 'BTC-USDT',
    side: 'buy',
    kind: 'limit',
    tif: 'GTC',
    price: '200',
    quantity: '0.1',
  });
  await host.projected();
  // The maker's held parts are empty: what its quotes hold stays in the engine.
  expect(host.balance('mm.btc', 'USDT')).toMatchObject({ held: '0' });
  await host.close();

  const fromSnapshot = await open(dir, false, 1_000);
  const hash = fromSnapshot.restored.stateHash;
  expect(fromSnapshot.makerHoldsInEngine).toBe(true);
  await fromSnapshot.close();
  fs.rmSync(path.join(dir, 'engine', 'snapshots'), { recursive: true });
  const fromJournal = await open(dir, false, 1_000);
  expect(fromJournal.restored.stateHash).toBe(hash);
  // Nothing more to journal: the switch is made once.
  const seq = fromJournal.seq;
  await fromJournal.keepMakerHoldsInEngine();
  expect(fromJournal.seq).toBe(seq);
  await fromJournal.close();
});
