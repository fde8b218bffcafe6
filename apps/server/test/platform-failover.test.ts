import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tempDir } from './helpers.ts';

// Issue 25, a whole deployment: two platform processes on one PostgreSQL with the engine
// journal in it (ENGINE_STORE=postgres). The leader serves; the other answers 503 as a
// hot standby. Clients place orders with Idempotency-Keys; the leader is killed with
// kill -9 mid-stream; the standby serves within seconds, every acknowledged order is
// there once, retried keys get their first answers, and the ledger verifies.

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const url = process.env.TEST_DATABASE_URL;
const CLIENTS = 4;
const KILL_AFTER_ACKS = 120;

let schema = '';
let dataDir = '';
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (!url) return;
  schema = `test_${randomUUID().replace(/-/g, '')}`;
  await admin(`create schema ${schema}`);
  dataDir = tempDir('meridian-failover-');
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  if (!url) return;
  await admin(`drop schema if exists ${schema} cascade`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement);
  await client.end();
}

function environment(port: number): NodeJS.ProcessEnv {
  const database = new URL(url!);
  database.searchParams.set('options', `-c search_path=${schema}`);
  return {
    ...process.env,
    DATABASE_URL: database.toString(),
    ENGINE_STORE: 'postgres',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    MARKET_MAKERS: 'false',
    MARKET_HISTORY_DAYS: '0',
    DEPOSIT_BLOCK_MS: '0',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
}

function startPlatform(port: number): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: environment(port),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { code: number; msg: string; data: any };
}

async function request(
  port: number,
  method: string,
  route: string,
  options: { body?: unknown; token?: string; key?: string } = {},
): Promise<Answer | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${route}`, {
      method,
      headers: {
        ...(options.body ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  } catch {
    return null; // nothing listens (yet), or the connection died with the process
  }
}

async function health(port: number, status: number): Promise<Answer> {
  for (;;) {
    const answer = await request(port, 'GET', '/api/health');
    if (answer?.status === status) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it.skipIf(!url)(
  'kill -9 of the serving process: the standby serves, acknowledged orders are there once, retried keys get their first answers',
  async () => {
    const [first, second] = [await freePort(), await freePort()];
    const leader = startPlatform(first);
    expect((await health(first, 200)).body.data.engine).toMatchObject({
      store: 'postgres',
      role: 'leader',
    });
    startPlatform(second);
    const standing = await health(second, 503);
    expect(standing.body).toMatchObject({ code: 503, data: { role: 'standby' } });
    expect(standing.body.msg).toMatch(/standby/);

    const login = async (email: string) =>
      (await request(first, 'POST', '/api/user/login', {
        body: { type: 'email', username: email, password: 'Demo1234' },
      }))!.body.data.token as string;
    const tokens = [await login('demo1@meridian.local'), await login('demo2@meridian.local')];
    const goods = await request(first, 'GET', '/api/core/coin/open/getSpotGoods');
    const btc = (goods!.body.data as Array<{ symbol_name: string; close: string }>).find(
      (row) => row.symbol_name === 'BTC/USDT',
    )!;
    const price = Number(btc.close).toFixed(2);

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
    const database = new URL(url!);
    database.searchParams.set('options', `-c search_path=${schema}`);
    const db = new pg.Client({ connectionString: database.toString() });
    await db.connect();
    try {
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

    const verify = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/ledger-verify.ts'],
      { cwd: root, env: environment(0), encoding: 'utf8' },
    );
    expect(verify.stdout).toMatch(/^ledger ok/);
  },
  120_000,
);
