// `npm run bench -- orders-api` (`-- orders` runs it too, after orders.bench.ts): the
// layout of deploy/compose.yaml on loopback. One engine leader (ROLE=engine) and its hot
// standby, API processes (ROLE=api) in front of it, nginx (Debian's, deploy/nginx.conf) in
// front of the API processes; PostgreSQL, Redis and NATS from the machine. Two figures:
// - orders per second through nginx with 1 and with 3 API processes: autocannon, two
//   signed-in users, IOC limit orders far from the market (each one sequenced, journalled
//   and acknowledged, none resting), an order counted only when answered 200;
// - the failover time, 5 runs: kill -9 of the engine leader while a client places orders
//   through nginx; the time until an order sent after the kill is acknowledged.
// BENCH_DATABASE_URL (default: TEST_DATABASE_URL, else the local PostgreSQL), BENCH_REDIS_URL
// and BENCH_NATS_URL (the local ones by default) name the services; API_SECONDS and
// API_CONNECTIONS change the load.
import autocannon from 'autocannon';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  adminQuery,
  btcPrice,
  freePort,
  platformEnvironment,
  repoRoot,
  request,
  serving,
  signIn,
  startPlatform,
  type PlatformProcess,
} from '../test/platform-processes.ts';
import { NGINX, startLoopbackNginx } from '../test/loopback-nginx.ts';

const SECONDS = Number(process.env.API_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.API_CONNECTIONS ?? 64);
const FAILOVER_RUNS = 5;
const url =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const natsUrl = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';

if (!fs.existsSync(NGINX)) {
  console.log('orders-api: skipped, nginx is not installed (apt-get install nginx)');
  process.exit(0);
}

const schema = `bench_${randomUUID().replace(/-/g, '')}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-api-bench-'));
const running: PlatformProcess[] = [];
// The nginx running now (withNginx starts and stops one per figure).
const proxying: { nginx: ChildProcess | null } = { nginx: null };

const environment = (port: number, role: 'all' | 'engine' | 'api') => ({
  ...platformEnvironment({ url, schema, dataDir: path.join(work, 'data'), port }),
  REDIS_URL: redisUrl,
  NATS_URL: natsUrl,
  ROLE: role,
});
const start = (port: number, role: 'engine' | 'api') => {
  const started = startPlatform(environment(port, role));
  running.push(started);
  return started;
};

async function withNginx<T>(upstream: number[], work: (proxy: number) => Promise<T>) {
  const proxy = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-api-nginx-'));
  const nginx = startLoopbackNginx({ work: dir, upstream, port: proxy });
  proxying.nginx = nginx;
  try {
    await serving(proxy);
    return await work(proxy);
  } finally {
    nginx.kill('SIGTERM');
    await new Promise((resolve) => nginx.once('exit', resolve));
    proxying.nginx = null;
  }
}

async function ordersPerSecond(proxy: number, tokens: string[], price: string): Promise<number> {
  const requests = tokens.map((token) => ({
    method: 'POST' as const,
    path: '/api/currency/order/submit',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      timeInForce: 'IOC',
      price,
      quantity: '0.001',
    }),
  }));
  const result = await autocannon({
    url: `http://127.0.0.1:${proxy}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests,
  });
  if (result.non2xx > 0) console.log(`  (${result.non2xx} answers other than 200)`);
  return result['2xx'] / SECONDS;
}

try {
  await adminQuery(url, `create schema ${schema}`);
  const leaderPorts = [await freePort(), await freePort()];
  const apiPorts = [await freePort(), await freePort(), await freePort()];
  const engines = [start(leaderPorts[0]!, 'engine')];
  await serving(leaderPorts[0]!);
  engines.push(start(leaderPorts[1]!, 'engine'));
  await engines[1]!.said('standby: another process leads');
  for (const port of apiPorts) start(port, 'api');
  for (const port of apiPorts) await serving(port);

  const tokens = [
    await signIn(apiPorts[0]!, 'demo1@meridian.local'),
    await signIn(apiPorts[0]!, 'demo2@meridian.local'),
  ];
  // Far under the market: an IOC buy there never fills and leaves nothing on the book.
  const price = (Number(await btcPrice(apiPorts[0]!)) * 0.5).toFixed(2);

  const figures: string[] = [];
  for (const count of [1, 3]) {
    const rate = await withNginx(apiPorts.slice(0, count), (proxy) =>
      ordersPerSecond(proxy, tokens, price),
    );
    figures.push(`${count} API process${count > 1 ? 'es' : ''}: ${rate.toFixed(0)} orders/s`);
    console.log(
      `orders-api: ${figures.at(-1)} through nginx (${CONNECTIONS} connections, ${SECONDS} s)`,
    );
  }

  // Failover: the API processes stay; the engine leader is killed, the standby leads.
  const times = await withNginx(apiPorts, async (proxy) => {
    let n = 0;
    const place = () =>
      request(proxy, 'POST', '/api/currency/order/submit', {
        body: { symbol: 'btcusdt', side: 'buy', type: 'limit', price, quantity: '0.001' },
        token: tokens[0],
        key: `bench-${++n}`,
      });
    let leader = 0;
    const ms: number[] = [];
    for (let run = 1; run <= FAILOVER_RUNS; run++) {
      if ((await place())?.status !== 200) throw new Error('an order was refused');
      engines[leader]!.child.kill('SIGKILL');
      const killedAt = performance.now();
      while ((await place())?.status !== 200) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      ms.push(performance.now() - killedAt);
      console.log(
        `orders-api failover run ${run}: an order sent after kill -9 of the engine leader ` +
          `acknowledged ${ms.at(-1)!.toFixed(0)} ms after the kill`,
      );
      const killed = leader;
      leader = leader === 0 ? 1 : 0;
      engines[killed] = start(leaderPorts[killed]!, 'engine');
      await engines[killed]!.said('standby: another process leads');
    }
    return ms.sort((a, b) => a - b);
  });
  console.log(
    `orders-api: ${figures.join('; ')}; failover over ${FAILOVER_RUNS} runs: median ` +
      `${times[Math.floor(FAILOVER_RUNS / 2)]!.toFixed(0)} ms, best ${times[0]!.toFixed(0)} ms, ` +
      `worst ${times.at(-1)!.toFixed(0)} ms`,
  );
  const verify = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/ledger-verify.ts'],
    { cwd: repoRoot, env: environment(0, 'all'), encoding: 'utf8' },
  );
  console.log(`orders-api: ${verify.stdout.trim()}`);
} finally {
  proxying.nginx?.kill('SIGKILL');
  for (const started of running) started.child.kill('SIGKILL');
  await adminQuery(url, `drop schema if exists ${schema} cascade`);
  fs.rmSync(work, { recursive: true, force: true });
}
