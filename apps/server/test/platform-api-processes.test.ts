import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Redis } from 'ioredis';
import pg from 'pg';
import { WebSocket } from 'ws';
import { userSocketPath, USER_SOCKET_CLOSE } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// Issue 25, the whole layout: two engine processes (ROLE=engine: one leads, one is its hot
// standby, neither serves calls) and two API processes (ROLE=api) on one PostgreSQL, one
// Redis and one NATS. Clients talk to the API processes only. Needs all three (CI sets TEST_DATABASE_URL,
// TEST_REDIS_URL and TEST_NATS_URL).

const url = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const natsUrl = process.env.TEST_NATS_URL;
// With an external broker too (CI's Mosquitto): the leader alone publishes market topics.
const mqttUrl = process.env.TEST_MQTT_URL;
const CLIENTS = 4;
const KILL_AFTER_ACKS = 100;

describe.skipIf(!url || !redisUrl || !natsUrl)('API processes in front of an engine leader', () => {
  let schema = '';
  let dataDir = '';
  const children: ChildProcess[] = [];
  const ports = { leader: 0, standby: 0, api: [0, 0] };

  const environment = (port: number, role: 'all' | 'engine' | 'api') => ({
    ...platformEnvironment({ url: url!, schema, dataDir, port }),
    REDIS_URL: redisUrl!,
    NATS_URL: natsUrl!,
    ...(mqttUrl ? { MQTT_URL: mqttUrl } : {}),
    ROLE: role,
  });
  async function pgQuery<Row extends object>(text: string, values: unknown[] = []) {
    const db = new pg.Client({ connectionString: schemaUrl(url!, schema) });
    await db.connect();
    try {
      return (await db.query(text, values)).rows as Row[];
    } finally {
      await db.end();
    }
  }
  /** What `ledger:verify` says of the deployment's ledger. */
  const ledgerVerify = () =>
    spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/ledger-verify.ts'], {
      cwd: repoRoot,
      env: environment(0, 'all'),
      encoding: 'utf8',
    }).stdout;
  function start(port: number, role: 'engine' | 'api') {
    const started = startPlatform(environment(port, role));
    children.push(started.child);
    return started;
  }

  beforeAll(async () => {
    schema = `test_${randomUUID().replace(/-/g, '')}`;
    await adminQuery(url!, `create schema ${schema}`);
    dataDir = tempDir('meridian-api-processes-');
    ports.leader = await freePort();
    ports.standby = await freePort();
    ports.api = [await freePort(), await freePort()];
    start(ports.leader, 'engine');
    await serving(ports.leader);
    await start(ports.standby, 'engine').said('standby: another process leads');
    for (const port of ports.api) start(port, 'api');
    for (const port of ports.api) {
      expect((await serving(port)).body.data.engine).toMatchObject({
        store: 'postgres',
        role: 'replica',
      });
    }
  }, 120_000);
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await adminQuery(url!, `drop schema if exists ${schema} cascade`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('an engine process answers its health and refuses calls, sockets and pages', async () => {
    const health = (await serving(ports.leader)).body.data;
    expect(health.engine).toMatchObject({ store: 'postgres', role: 'leader' });
    const login = await request(ports.leader, 'POST', '/api/user/login', {
      body: { type: 'email', username: 'demo1@meridian.local', password: 'Demo1234' },
    });
    expect(login?.status).toBe(404);
    expect(login?.body).toMatchObject({ code: 404, data: { reason: 'notFound' } });
    expect((await request(ports.leader, 'GET', '/api/core/coin/open/getSpotGoods'))?.status).toBe(
      404,
    );
    expect((await request(ports.leader, 'GET', '/home/index'))?.status).toBe(404);
    // A socket is refused before it opens.
    const socket = new WebSocket(`ws://127.0.0.1:${ports.leader}${userSocketPath('1')}`);
    const refused = await new Promise<number>((resolve) => {
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('open', () => resolve(101));
      socket.once('error', () => resolve(0));
    });
    socket.terminate();
    expect(refused).toBe(404);
    // The same calls through an API process are served.
    const viaApi = await request(ports.api[0]!, 'GET', '/api/core/coin/open/getSpotGoods');
    expect(viaApi?.status).toBe(200);
  });

  it("a user's events reach their socket on another API process, and a logout there ends it within a second", async () => {
    const [one, two] = ports.api as [number, number];
    const token = await signIn(one, 'demo1@meridian.local');
    const info = await request(two, 'POST', '/api/user/getInfo', { token });
    expect(info?.status).toBe(200);
    const userId = info!.body.data.id as string;

    const socket = new WebSocket(`ws://127.0.0.1:${two}${userSocketPath(userId)}`);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const ready = new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        if (String(data).includes('"ready"')) resolve();
      }),
    );
    const heard: string[] = [];
    socket.on('message', (data) => heard.push(String(data)));
    socket.send(JSON.stringify({ op: 'auth', token }));
    await ready;

    // An order placed through one API process: its events (told by the engine leader)
    // reach the user's socket on the other.
    const price = (Number(await btcPrice(one)) * 0.5).toFixed(2);
    const placed = await request(one, 'POST', '/api/currency/order/submit', {
      body: { symbol: 'btcusdt', side: 'buy', type: 'limit', price, quantity: '0.001' },
      token,
    });
    expect(placed?.status).toBe(200);
    const orderId = placed!.body.data.id as string;
    while (!heard.some((m) => m.includes(`"orderId":"${orderId}"`))) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    expect((await request(one, 'POST', '/api/user/logout', { token }))?.status).toBe(200);
    const loggedOutAt = Date.now();
    const code = await closed;
    expect(Date.now() - loggedOutAt).toBeLessThan(1000);
    expect(code).toBe(USER_SOCKET_CLOSE.unauthorized);
    expect((await request(two, 'POST', '/api/user/getInfo', { token }))?.status).toBe(401);
  });

  it('kill -9 of the engine leader: the API processes carry on, every acknowledged order is there once', async () => {
    const [one, two] = ports.api as [number, number];
    const tokens = [
      await signIn(one, 'demo1@meridian.local'),
      await signIn(two, 'demo2@meridian.local'),
    ];
    const price = await btcPrice(one);
    const answers = new Map<string, string>();
    const firstAnswers = new Map<string, string>();
    let acked = 0;
    let killedAt = 0;
    let firstAfterKill = 0;
    // Each client alternates between the two API processes; the two users trade with
    // each other, so fills cross the failover. A request without an answer is sent
    // again with its key.
    const client = async (index: number) => {
      const token = tokens[index % 2]!;
      const side = index % 2 === 0 ? 'sell' : 'buy';
      for (let n = 0; acked < KILL_AFTER_ACKS * 2; n++) {
        const key = `a${index}-${n}`;
        const order = { symbol: 'btcusdt', side, type: 'limit', price, quantity: '0.001' };
        const port = ports.api[(index + n) % 2]!;
        const sentAt = Date.now();
        let answer = await request(port, 'POST', '/api/currency/order/submit', {
          body: order,
          token,
          key,
        });
        if (answer?.status === 200) firstAnswers.set(key, answer.body.data.id as string);
        while (answer?.status !== 200) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          answer = await request(
            ports.api[(index + n + 1) % 2]!,
            'POST',
            '/api/currency/order/submit',
            {
              body: order,
              token,
              key,
            },
          );
        }
        // The takeover's cost: the first order sent after the kill to be answered.
        if (killedAt && sentAt > killedAt && !firstAfterKill) firstAfterKill = Date.now();
        answers.set(key, answer.body.data.id as string);
        acked++;
      }
    };
    const running = Array.from({ length: CLIENTS }, (_, i) => client(i));
    while (acked < KILL_AFTER_ACKS) await new Promise((resolve) => setTimeout(resolve, 5));
    children[0]!.kill('SIGKILL');
    killedAt = Date.now();
    await Promise.all(running);
    console.log(
      `API processes: the first order sent after the leader's kill -9 was acknowledged ${firstAfterKill - killedAt} ms after the kill`,
    );

    // The standby leads; the replicas reach its last command.
    const health = (await serving(ports.standby)).body.data;
    const lead = health.engine as { role: string; seq: number };
    expect(lead.role).toBe('leader');
    if (mqttUrl) expect(health.components.broker.status).toBe('up');
    for (const port of ports.api) {
      for (;;) {
        const replica = (await serving(port)).body.data.engine as { seq: number };
        if (replica.seq >= lead.seq) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    // A key answered before the kill keeps its answer; every key has one order.
    for (const [key, id] of firstAnswers) expect(answers.get(key)).toBe(id);
    const db = new pg.Client({ connectionString: schemaUrl(url!, schema) });
    await db.connect();
    try {
      const projected = async () =>
        Number(
          (
            await db.query<{ last_seq: string }>(
              "select last_seq from engine_projection where name = 'engine'",
            )
          ).rows[0]!.last_seq,
        );
      while ((await projected()) < lead.seq) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const { rows } = await db.query<{ client_ref: string; n: string }>(
        "select client_ref, count(*) as n from trade_orders where client_ref like 'a%' group by client_ref",
      );
      expect(rows.length).toBe(answers.size);
      expect(rows.every((row) => row.n === '1')).toBe(true);
    } finally {
      await db.end();
    }

    expect(ledgerVerify()).toMatch(/^ledger ok/);
  }, 180_000);
  it("an API process killed between a swap's acceptance and its settlement: the leader settles it, once", async () => {
    const [one] = ports.api as [number, number];
    // A third API process, whose id among the deployment's processes is read from Redis.
    const deployment = await pgQuery<{ value: string }>(
      "select value from platform_meta where key = 'deployment_id'",
    );
    const processesKey = `meridian:${deployment[0]!.value}:processes`;
    const redis = new Redis(redisUrl!);
    try {
      const before = new Set(await redis.hkeys(processesKey));
      const port = await freePort();
      const third = start(port, 'api');
      await serving(port);
      const apiId = (await redis.hkeys(processesKey)).find((id) => !before.has(id))!;
      expect(apiId).toBeDefined();

      const token = await signIn(port, 'demo1@meridian.local');
      const quoted = await request(port, 'POST', '/api/texchange/getCurrencyPrice', {
        body: { from: 'USDT', to: 'BTC', quantity: '25' },
        token,
      });
      expect(quoted?.status).toBe(200);
      const quoteId = quoted!.body.data.id as string;
      // Killed right after writing the acceptance, before the engine was asked.
      third.child.kill('SIGKILL');
      await pgQuery(
        "update swap_quotes set state = 'settling', owner = $1, claimed_at = $2 where id = $3",
        [apiId, Date.now(), quoteId],
      );

      // Its beats stop; within three beats and a sweep the leader settles the swap.
      const killedAt = Date.now();
      for (;;) {
        const [row] = await pgQuery<{ state: string }>(
          'select state from swap_quotes where id = $1',
          [quoteId],
        );
        if (row!.state === 'settled') break;
        expect(Date.now() - killedAt).toBeLessThan(40_000);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      console.log(
        `API processes: a killed process's swap was settled by the leader ${Date.now() - killedAt} ms after the kill`,
      );
      // The user's retry is answered with that swap; asking twice moves nothing twice.
      const retry = async () =>
        (await request(one, 'POST', '/api/texchange/currencyExchange', {
          body: { quoteId },
          token: await signIn(one, 'demo1@meridian.local'),
        }))!;
      const first = await retry();
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ id: quoteId });
      expect((await retry()).body.data.balances).toEqual(first.body.data.balances);
    } finally {
      redis.disconnect();
    }
    expect(ledgerVerify()).toMatch(/^ledger ok/);
  }, 120_000);
});
