// `npm run bench -- failover`: the deployment of deploy/ on loopback, nginx (Debian's) in
// front of two platform processes on one PostgreSQL with the engine journal in it. Five
// times over, the serving process is killed with kill -9 while a client keeps placing
// orders through nginx; the figure is the time from the kill until an order placed
// through nginx is accepted again (the standby has taken the lead, started the platform
// and listens). The killed process is then started again and becomes the standby.
// BENCH_DATABASE_URL (default: TEST_DATABASE_URL, else the local PostgreSQL) names the
// server; the bench works in a schema of its own and drops it.
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

const RUNS = 5;
const url =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

if (!fs.existsSync(NGINX)) {
  console.log('failover: skipped, nginx is not installed (apt-get install nginx)');
  process.exit(0);
}

const schema = `bench_${randomUUID().replace(/-/g, '')}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-failover-bench-'));
const ports = [await freePort(), await freePort()] as const;
const proxy = await freePort();
const processes: Array<PlatformProcess | null> = [null, null];
let nginx: ChildProcess | null = null;

const start = (i: 0 | 1) =>
  (processes[i] = startPlatform(
    platformEnvironment({ url, schema, dataDir: path.join(work, 'data'), port: ports[i] }),
  ));

try {
  await adminQuery(url, `create schema ${schema}`);
  nginx = startLoopbackNginx({ work, upstream: ports, port: proxy });

  start(0);
  await serving(proxy);
  await start(1).said('standby: another process leads');
  const token = await signIn(proxy, 'demo1@meridian.local');
  const price = await btcPrice(proxy);
  let n = 0;
  const place = () =>
    request(proxy, 'POST', '/api/currency/order/submit', {
      body: { symbol: 'btcusdt', side: 'buy', type: 'limit', price, quantity: '0.001' },
      token,
      key: `bench-${++n}`,
    });

  let leader: 0 | 1 = 0;
  const figures: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    if ((await place())?.status !== 200) throw new Error('the serving process refused an order');
    processes[leader]!.child.kill('SIGKILL');
    const killedAt = performance.now();
    let refused = 0;
    // A client retrying every 20 ms, as a trading client would after a refused order.
    while ((await place())?.status !== 200) {
      refused++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const ms = performance.now() - killedAt;
    figures.push(ms);
    console.log(
      `failover run ${run}: an order through nginx accepted ${ms.toFixed(0)} ms after kill -9 ` +
        `of the serving process (${refused} attempts refused meanwhile)`,
    );
    // The killed one comes back as the standby.
    const killed = leader;
    leader = leader === 0 ? 1 : 0;
    await start(killed).said('standby: another process leads');
  }
  const sorted = [...figures].sort((a, b) => a - b);
  console.log(
    `failover over ${RUNS} runs: median ${sorted[Math.floor(RUNS / 2)]!.toFixed(0)} ms, ` +
      `best ${sorted[0]!.toFixed(0)} ms, worst ${sorted.at(-1)!.toFixed(0)} ms`,
  );
  const verify = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/ledger-verify.ts'],
    {
      cwd: repoRoot,
      env: platformEnvironment({ url, schema, dataDir: work, port: 0 }),
      encoding: 'utf8',
    },
  );
  console.log(`failover: ${verify.stdout.split('\n')[0]}`);
} finally {
  for (const p of processes) p?.child.kill('SIGKILL');
  nginx?.kill('SIGTERM');
  await adminQuery(url, `drop schema if exists ${schema} cascade`).catch(() => undefined);
  fs.rmSync(work, { recursive: true, force: true });
}
