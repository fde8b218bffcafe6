import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/kernel/db/database.ts';
import { migrateToLatest } from '../../src/migrations.ts';
import type { EngineHost } from '../../src/engine/engine-host.ts';
import { kyselyWriter } from '../../src/engine/projection-writer.ts';
import { SqlProjector } from '../../src/engine/sql-projector.ts';
import { EngineStandby } from '../../src/engine/standby.ts';
import { PgEngineStore } from '../../src/engine/store/pg-store.ts';
import { cutEngineLeader } from '../platform-processes.ts';
import { TEST_ENGINE } from './config.ts';
import { heldJournal } from './held-journal.ts';

// Issue 25: the engine's journal in PostgreSQL, one leader at a time. Needs a PostgreSQL
// (TEST_DATABASE_URL); the kill -9 failover between processes is failover.test.ts.

const url = process.env.TEST_DATABASE_URL;
let schema = '';
let database: Database;
const opened: Array<{ close(): Promise<void> }> = [];

beforeEach(async () => {
  if (!url) return;
  schema = `test_${randomUUID().replace(/-/g, '')}`;
  await admin(`create schema ${schema}`);
  database = openDatabase({ url, dataDir: '/nonexistent', pgSchema: schema });
  await migrateToLatest(database.db);
});
afterEach(async () => {
  if (!url) return;
  for (const item of opened.splice(0).reverse()) await item.close().catch(() => undefined);
  await database.close();
  await admin(`drop schema ${schema} cascade`);
});

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement);
  await client.end();
}

async function engine(onLeadLost?: (error: Error) => void) {
  const store = await PgEngineStore.open({
    url: url!,
    schema,
    ...(onLeadLost ? { onLeadLost } : {}),
  });
  const standby = await EngineStandby.open({ store, config: TEST_ENGINE });
  opened.push(standby);
  return {
    store,
    standby,
    async lead(): Promise<EngineHost> {
      await standby.waitForLead();
      const projector = await SqlProjector.open(
        database.db,
        TEST_ENGINE,
        kyselyWriter(database.db, store.fence),
      );
      const host = await standby.promote({ projector, snapshotEvery: 5 });
      opened.push({ close: () => host.close() });
      return host;
    },
  };
}

async function caughtUp(standby: EngineStandby, seq: number): Promise<void> {
  while (standby.seq < seq) await new Promise((resolve) => setTimeout(resolve, 5));
}

it.skipIf(!url)(
  'a standby follows the leader command by command with the same state hash',
  async () => {
    const first = await engine();
    const leader = await first.lead();
    const second = await engine();
    for (let i = 1; i <= 12; i++) await leader.deposit('alice', 'USDT', '10', `d${i}`);
    await leader.placeOrder({
      user: 'alice',
      market: 'BTC-USDT',
      side: 'buy',
      kind: 'limit',
      price: '100',
      quantity: '0.5',
    });
    await caughtUp(second.standby, leader.seq);
    expect(second.standby.seq).toBe(13);
    expect(second.standby.stateHash()).toBe(leader.stateHash());

    // The second waits for the lead as long as the first holds it.
    let led = false;
    const promotion = second.lead().then((host) => {
      led = true;
      return host;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(led).toBe(false);

    await leader.close();
    await first.standby.close();
    const next = await promotion;
    expect(next.seq).toBe(13);
    expect(next.stateHash()).toBe(leader.stateHash());
    const ack = await next.deposit('alice', 'USDT', '1', 'after');
    expect(ack.seq).toBe(14);
    await next.projected();
    expect(next.balance('alice', 'USDT')).toMatchObject({ available: '71', held: '50' });
  },
);

it.skipIf(!url)(
  'a leader whose connection is cut refuses every command after; the standby carries on from the last acknowledged one',
  async () => {
    const lost: Error[] = [];
    const first = await engine((error) => lost.push(error));
    const leader = await first.lead();
    const second = await engine();
    await leader.deposit('alice', 'USDT', '5', 'd1');
    await leader.deposit('alice', 'USDT', '5', 'd2');
    const promotion = second.lead();

    // What a network partition or a killed backend does: the lock goes with the session.
    expect(await cutEngineLeader(url!, schema)).toBe(1);

    const next = await promotion;
    expect(next.seq).toBe(2);
    await expect(leader.deposit('alice', 'USDT', '5', 'd3')).rejects.toThrow();
    // The old leader refuses everything from now on, even what a new connection could write.
    await expect(leader.deposit('alice', 'USDT', '5', 'd4')).rejects.toThrow();
    expect(lost).toHaveLength(1);
    // Its SQL projection is fenced too: a transaction of the old leader's is refused, the
    // new leader's goes through.
    const fenced = (store: PgEngineStore) =>
      database.db.transaction().execute((tx) => store.fence(tx as never));
    await expect(fenced(first.store)).rejects.toThrow(/no longer leads/);
    await expect(fenced(second.store)).resolves.toBeUndefined();

    const ack = await next.deposit('alice', 'USDT', '5', 'd3');
    expect(ack.seq).toBe(3);
    expect(next.balance('alice', 'USDT')).toMatchObject({ available: '15' });
  },
);

it.skipIf(!url)(
  'snapshots and the journal after them rebuild the state; older journal rows are pruned',
  async () => {
    const first = await engine();
    const leader = await first.lead();
    for (let i = 1; i <= 23; i++) {
      await leader.deposit('bob', 'BTC', '1', `b${i}`);
      await leader.projected();
    }
    const hash = leader.stateHash();
    await leader.close();
    await first.standby.close();
    const journal = await database.db
      .selectFrom('engine_journal')
      .select('seq')
      .orderBy('seq')
      .execute();
    const snapshots = await database.db.selectFrom('engine_snapshots').select('seq').execute();
    expect(snapshots.length).toBeGreaterThan(0);
    // Only what the oldest kept snapshot does not cover is left.
    expect(Number(journal[0]?.seq ?? 24)).toBeGreaterThan(5);

    const again = await engine();
    expect(again.standby.seq).toBe(23);
    expect(again.standby.stateHash()).toBe(hash);
  },
);

it.skipIf(!url)(
  'a standby that fell behind what the leader pruned starts again from the newest snapshot',
  async () => {
    const first = await engine();
    const leader = await first.lead();
    // A standby whose reads are held back while the leader snapshots and prunes.
    const journal = heldJournal(await PgEngineStore.open({ url: url!, schema }));
    const standby = await EngineStandby.open({ store: journal.store, config: TEST_ENGINE });
    opened.push(standby);
    journal.hold();
    for (let i = 1; i <= 23; i++) {
      await leader.deposit('carol', 'USDT', '1', `c${i}`);
      await leader.projected();
    }
    const oldest = await database.db
      .selectFrom('engine_journal')
      .select((eb) => eb.fn.min('seq').as('seq'))
      .executeTakeFirstOrThrow();
    expect(Number(oldest.seq)).toBeGreaterThan(1);
    expect(standby.seq).toBe(0);
    journal.release();
    await caughtUp(standby, 23);
    expect(standby.stateHash()).toBe(leader.stateHash());
  },
);
