import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tempDir } from './helpers.ts';
import {
  adminQuery,
  btcPrice,
  freePort,
  platformEnvironment,
  repoRoot,
  request,
  schemaUrl,
  serving,
  signIn,
  startPlatform,
} from './platform-processes.ts';

// Issue 25, a whole deployment: two platform processes on one PostgreSQL with the engine
// journal in it (ENGINE_STORE=postgres). The leader serves; the other, a hot standby,
// does not listen until it leads. Clients place orders with Idempotency-Keys; the leader
// is killed with kill -9 mid-stream; the standby serves within seconds, every
// acknowledged order is there once, retried keys get their first answers, and the
// ledger verifies.

const url = process.env.TEST_DATABASE_URL;
const CLIENTS = 4;
const KILL_AFTER_ACKS = 120;

let schema = '';
let dataDir = '';
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (!url) return;
  schema = `test_${randomUUID().replace(/-/g, '')}`;
  await adminQuery(url, `create schema ${schema}`);
  dataDir = tempDir('meridian-failover-');
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  if (!url) return;
  await adminQuery(url, `drop schema if exists ${schema} cascade`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const environment = (port: number) => platformEnvironment({ url: url!, schema, dataDir, port });
function start(port: number) {
  const started = startPlatform(environment(port));
  children.push(started.child);
  return started;
}

it.skipIf(!url)(
  'kill -9 of the serving process: the standby serves, acknowledged orders are there once, retried keys get their first answers',
  async () => {
    const [first, second] = [await freePort(), await freePort()];
    const leader = start(first).child;
    expect((await serving(first)).body.data.engine).toMatchObject({
      store: 'postgres',
      role: 'leader',
    });
    // The standby follows the journal, yet refuses connections while the other leads.
    const follower = start(second);
    await follower.said('standby: another process leads');
    expect(await request(second, 'GET', '/api/health')).toBeNull();

    const tokens = [
      await signIn(first, 'demo1@meridian.local'),
      await signIn(first, 'demo2@meridian.local'),
    ];
    const price = await btcPrice(first);

    // Each client places orders one after another, each under its own key; the two users
    // trade with each other, so fills cross the failover too. A request without an
    // answer is retried with its key, against whichever process answers.
    const answers = new Map<string, { id: string; status: number }>();
    const firstAnswers = new Map<string, string>();
    let target = first;
    let acked = 0;
    let killedAt = 0;
    let servedAt = 0;
    const client = async (index: number) => {
      const token = tokens[index % 2]!;
      const side = index % 2 === 0 ? 'sell' : 'buy';
      for (let n = 0; acked < KILL_AFTER_ACKS * 2; n++) {
        const key = `c${index}-${n}`;
        const order = { symbol: 'btcusdt', side, type: 'limit', price, quantity: '0.001' };
        const place = (port: number) =>
          request(port, 'POST', '/api/currency/order/submit', { body: order, token, key });
        let answer = await place(target);
        if (answer?.status === 200) firstAnswers.set(key, answer.body.data.id as string);
        while (answer?.status !== 200) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          answer = await place(target);
          if (answer?.status === 200 && !servedAt) servedAt = Date.now();
        }
        answers.set(key, { id: answer.body.data.id as string, status: answer.status });
        acked++;
      }
    };
    const running = Array.from({ length: CLIENTS }, (_, i) => client(i));
    while (acked < KILL_AFTER_ACKS) await new Promise((resolve) => setTimeout(resolve, 5));
    leader.kill('SIGKILL');
    killedAt = Date.now();
    target = second;
    await Promise.all(running);
    console.log(
      `platform failover: the standby answered its first retried order ${servedAt - killedAt} ms after the kill`,
    );

    // A key answered before the kill is answered the same after it (the same order).
    const survivors = [...firstAnswers].filter(([key]) => answers.get(key));
    expect(survivors.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    for (const [key, id] of survivors) expect(answers.get(key)!.id).toBe(id);
    for (const [key, { id }] of [...answers].slice(0, 5)) {
      const again = await request(second, 'POST', '/api/currency/order/submit', {
        body: { symbol: 'btcusdt', side: 'buy', type: 'limit', price, quantity: '0.001' },
        token: tokens[Number(key.slice(1, key.indexOf('-'))) % 2]!,
        key,
      });
      expect(again!.body.data.id).toBe(id);
    }

    // One order per key, no more: every key's order is in the order tables exactly once.
    const db = new pg.Client({ connectionString: schemaUrl(url!, schema) });
    await db.connect();
    try {
      // Orders are answered from the engine's acknowledgement; the tables follow it.
      const { seq } = (await serving(second)).body.data.engine as { seq: number };
      const projected = async () =>
        Number(
          (
            await db.query<{ last_seq: string }>(
              "select last_seq from engine_projection where name = 'engine'",
            )
          ).rows[0]!.last_seq,
        );
      while ((await projected()) < seq) await new Promise((resolve) => setTimeout(resolve, 20));
      const { rows } = await db.query<{ client_ref: string; n: string }>(
        "select client_ref, count(*) as n from trade_orders where client_ref like 'c%' group by client_ref",
      );
      expect(rows.length).toBe(answers.size);
      expect(rows.every((row) => row.n === '1')).toBe(true);
      const ids = new Set(rows.map((row) => row.client_ref));
      for (const key of answers.keys()) expect(ids.has(key)).toBe(true);
    } finally {
      await db.end();
    }

    // A rolling restart: the killed process comes back as the standby; the leader is told
    // to stop (SIGTERM), finishes, releases the lead, and the other serves the same orders.
    await start(first).said('standby: another process leads');
    follower.child.kill('SIGTERM');
    await new Promise((resolve) => follower.child.once('exit', resolve));
    expect(follower.child.exitCode).toBe(0);
    await serving(first);
    const [someKey, { id: someId }] = [...answers][0]!;
    const again = await request(first, 'POST', '/api/currency/order/submit', {
      body: { symbol: 'btcusdt', side: 'buy', type: 'limit', price, quantity: '0.001' },
      token: tokens[Number(someKey.slice(1, someKey.indexOf('-'))) % 2]!,
      key: someKey,
    });
    expect(again!.body.data.id).toBe(someId);

    const verify = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/ledger-verify.ts'],
      { cwd: repoRoot, env: environment(0), encoding: 'utf8' },
    );
    expect(verify.stdout).toMatch(/^ledger ok/);
  },
  120_000,
);
