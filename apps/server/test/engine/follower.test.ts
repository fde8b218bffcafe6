import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { CommandResult } from '@meridian/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/kernel/db/database.ts';
import { migrateToLatest } from '../../src/migrations.ts';
import type { Ack } from '../../src/engine/engine-front.ts';
import type { EngineHost } from '../../src/engine/engine-host.ts';
import { kyselyWriter } from '../../src/engine/projection-writer.ts';
import { serveEngineCommands } from '../../src/engine/remote/command-server.ts';
import { EngineFollower } from '../../src/engine/remote/engine-follower.ts';
import {
  encodeUnsequenced,
  engineSubjects,
  type EngineSubjects,
  type SubmitReply,
} from '../../src/engine/remote/protocol.ts';
import { SqlProjector } from '../../src/engine/sql-projector.ts';
import { EngineStandby } from '../../src/engine/standby.ts';
import { PgEngineStore } from '../../src/engine/store/pg-store.ts';
import { cutEngineLeader } from '../platform-processes.ts';
import { TEST_ENGINE } from './config.ts';
import { heldJournal } from './held-journal.ts';

// Issue 25: API processes' engines (followers) send their commands to the leader over NATS
// and take each result from their own replica of the journal. Needs PostgreSQL
// (TEST_DATABASE_URL) and NATS (TEST_NATS_URL); CI sets both.

const url = process.env.TEST_DATABASE_URL;
const natsUrl = process.env.TEST_NATS_URL;

describe.skipIf(!url || !natsUrl)('engine followers', () => {
  let schema = '';
  let database: Database;
  let nats: NatsConnection;
  let subjects: EngineSubjects;
  const opened: Array<{ close(): Promise<void> }> = [];

  beforeEach(async () => {
    schema = `test_${randomUUID().replace(/-/g, '')}`;
    await admin(`create schema ${schema}`);
    database = openDatabase({ url: url!, dataDir: '/nonexistent', pgSchema: schema });
    await migrateToLatest(database.db);
    nats = await connect({ servers: natsUrl! });
    subjects = engineSubjects(schema);
  });
  afterEach(async () => {
    for (const item of opened.splice(0).reverse()) await item.close().catch(() => undefined);
    await nats.close();
    await database.close();
    await admin(`drop schema ${schema} cascade`);
  });

  async function admin(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  }

  /** An engine process that leads once it can, and then serves the followers' commands. */
  async function leader(snapshotEvery = 50): Promise<{ host: EngineHost; stop(): Promise<void> }> {
    let stop: () => Promise<void> = async () => {};
    const store = await PgEngineStore.open({
      url: url!,
      schema,
      // As a process that lost the lead ends, this one stops answering.
      onLeadLost: () => void stop(),
    });
    const standby = await EngineStandby.open({ store, config: TEST_ENGINE });
    opened.push(standby);
    await standby.waitForLead();
    const projector = await SqlProjector.open(
      database.db,
      TEST_ENGINE,
      kyselyWriter(database.db, store.fence),
    );
    const host = await standby.promote({ projector, snapshotEvery });
    const server = serveEngineCommands({ host, store, nats, subjects, log: silent });
    stop = () => server.stop();
    opened.push({ close: () => host.close() });
    opened.push({ close: () => server.stop() });
    return { host, stop: () => server.stop() };
  }

  async function follower(): Promise<EngineFollower> {
    const store = await PgEngineStore.open({ url: url!, schema });
    const engine = await EngineFollower.open({ store, config: TEST_ENGINE, nats, subjects });
    opened.push(engine);
    return engine;
  }

  it('a follower that fell behind what the leader pruned answers from the newest snapshot', async () => {
    const { host } = await leader(5);
    // A follower whose journal reads are held back while the leader snapshots and prunes.
    const journal = heldJournal(await PgEngineStore.open({ url: url!, schema }));
    const api = await EngineFollower.open({
      store: journal.store,
      config: TEST_ENGINE,
      nats,
      subjects,
    });
    opened.push(api);
    journal.hold();
    for (let i = 1; i <= 23; i++) {
      await host.deposit('carol', 'USDT', '1', `c${i}`);
      await host.projected();
    }
    const oldest = await database.db
      .selectFrom('engine_journal')
      .select((eb) => eb.fn.min('seq').as('seq'))
      .executeTakeFirstOrThrow();
    expect(Number(oldest.seq)).toBeGreaterThan(1);
    const before = api.balance('carol', 'USDT')?.available ?? '0';
    journal.release();
    expect(before).toBe('0');
    while (api.seq < host.seq) await new Promise((resolve) => setTimeout(resolve, 10));
    // Its reads answer from the replica it started again from, not the one it dropped.
    expect(api.balance('carol', 'USDT')?.available).toBe('23');
    expect(api.stateHash()).toBe(host.stateHash());
  });

  const order = (user: string, side: 'buy' | 'sell', price: string) => ({
    user,
    market: 'BTC-USDT',
    side,
    kind: 'limit' as const,
    price,
    quantity: '0.1',
  });

  it("acknowledges a follower's command with the leader's result, once durable", async () => {
    const { host } = await leader();
    const api = await follower();
    const seen: CommandResult[] = [];
    api.onDurable((batch) => seen.push(...batch));

    const deposit = await api.deposit('alice', 'USDT', '1000', 'd-alice');
    expect(deposit.seq).toBe(host.seq);
    const placed = await api.placeOrder(order('alice', 'buy', '100'));
    expect(placed.seq).toBe(deposit.seq! + 1);
    expect(placed.events.map((e) => e.type)).toContain('accepted');
    // Read right after the acknowledgement: the follower's own memory has the order.
    expect(api.openOrders('alice', 'BTC-USDT')).toHaveLength(1);
    expect(api.balance('alice', 'USDT')).toMatchObject({ available: '990', held: '10' });
    expect(api.stateHash()).toBe(host.stateHash());
    expect(seen.map((r) => r.seq)).toEqual([deposit.seq, placed.seq]);

    // An engine refusal is journalled and acknowledged as the leader's; a request the
    // follower itself finds malformed never leaves it.
    const broke = await api.placeOrder({ ...order('bob', 'buy', '100') });
    expect(broke.events).toContainEqual(expect.objectContaining({ type: 'rejected' }));
    const bad = await api.placeOrder({ ...order('alice', 'buy', 'x') });
    expect(bad.seq).toBeNull();
    expect(host.seq).toBe(broke.seq);

    // The leader's projection has the order once the follower says so.
    await api.projected();
    const rows = await database.db
      .selectFrom('trade_orders')
      .select('user_id')
      .where('user_id', '=', 'alice')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('sequences a key once, however often it is sent', async () => {
    const { host } = await leader();
    const send = (retry: boolean) => sendDeposit('carol', 'k-1', retry);
    const replies = await Promise.all([send(false), send(true), send(true)]);
    expect(new Set(replies.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(replies[0]).toEqual({ outcome: 'sequenced', seq: 1 });
    expect(host.seq).toBe(1);
    const journalled = await database.db
      .selectFrom('engine_journal' as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('request_key' as never, '=', 'k-1' as never)
      .executeTakeFirstOrThrow();
    expect(Number(journalled.n)).toBe(1);
  });

  it('answers a key a previous leader journalled from the journal, without a second command', async () => {
    await leader();
    const send = (retry: boolean) => sendDeposit('dave', 'k-2', retry);
    expect(await send(false)).toEqual({ outcome: 'sequenced', seq: 1 });
    const next = leader();
    await cutLeader();
    const { host } = await next;
    expect(await send(true)).toEqual({ outcome: 'sequenced', seq: 1 });
    expect(host.seq).toBe(1);
  });

  it('carries on through a takeover: every acknowledged command is journalled exactly once', async () => {
    await leader();
    const apis = [await follower(), await follower()];
    for (const [i, api] of apis.entries()) await api.deposit(`u${i}`, 'USDT', '100000', `d${i}`);

    // A standby waiting for the lead; it serves the followers once it has it.
    const next = leader();
    const acks: Array<Promise<Ack>> = [];
    for (let n = 0; n < 60; n++) {
      for (const [i, api] of apis.entries()) {
        acks.push(api.placeOrder(order(`u${i}`, 'buy', String(100 + n))));
      }
      // The leader's journal connection dies mid-stream (as with kill -9): its lock goes.
      if (n === 20) await cutLeader();
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const results = await Promise.all(acks);
    const { host } = await next;
    for (const api of apis) {
      while (api.seq < host.seq) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(api.stateHash()).toBe(host.stateHash());
    }
    // Each acknowledged order is in the engine once, at the sequence it was told.
    const seqs = results.map((a) => a.seq);
    expect(seqs.every((s) => s !== null)).toBe(true);
    expect(new Set(seqs).size).toBe(seqs.length);
    for (const [i, api] of apis.entries()) {
      expect(api.openOrders(`u${i}`, 'BTC-USDT')).toHaveLength(60);
    }
  });

  /** A deposit sent to the leader as an API process would, under `key`. */
  async function sendDeposit(user: string, key: string, retry: boolean): Promise<SubmitReply> {
    const command = encodeUnsequenced({
      type: 'deposit',
      user,
      asset: 'USDT',
      amount: 1_000_000n,
      ref: `d-${user}`,
      source: 'platform_float',
    });
    const reply = await nats.request(subjects.submit, JSON.stringify({ key, retry, command }), {
      timeout: 2000,
    });
    return reply.json<SubmitReply>();
  }

  async function cutLeader(): Promise<void> {
    expect(await cutEngineLeader(url!, schema)).toBe(1);
  }
});

const silent = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  fatal: () => undefined,
  child: () => silent,
  level: 'silent',
  silent: () => undefined,
} as never;
