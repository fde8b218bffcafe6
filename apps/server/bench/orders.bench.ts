// HTTP order submission against the running platform (`npm run bench -- orders`):
// autocannon on loopback, many connections, every request from the next of 200 users, a
// mix of limit orders that rest (away from the market) and IOC orders priced through the
// other side, which fill against resting orders of other bench users and the market
// makers. An order counts as acknowledged only on HTTP 200 with `code: 200`, which the
// platform answers only after the order's journal group is fsynced (durable).
// The platform runs in a child process, so its CPU and memory figures are its own.
// ORDERS_SECONDS, ORDERS_CONNECTIONS and ORDERS_USERS change the run; ORDERS_CPU_PROF=<dir>
// writes a CPU profile of the platform's measured run there; ORDERS_NODE_FLAGS adds Node
// flags to the platform's process (a later flag wins).
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatUnits, parseUnits } from '@meridian/core';
import { genesisMarkets } from '../src/modules/markets/genesis.ts';
import { mulberry32 } from '../../../packages/core/bench/order-stream.ts';
import { signedHeaders } from '@meridian/sdk';
import type { BenchKey, FromServer, Quote, ToServer } from './orders/protocol.ts';

const SECONDS = Number(process.env.ORDERS_SECONDS ?? 20);
const WARMUP_SECONDS = 3;
const CONNECTIONS = Number(process.env.ORDERS_CONNECTIONS ?? 100);
/** Share of orders priced through the other side (IOC); the rest rest on the book. */
const CROSSING = 0.5;
const POOL = 8192;
const here = path.dirname(fileURLToPath(import.meta.url));

const watchdog = setTimeout(
  () => {
    console.error('orders: watchdog expired, stopping');
    process.exit(1);
  },
  (SECONDS + WARMUP_SECONDS + 120) * 1000,
);
watchdog.unref();

function next<T extends { event: string }>(child: ChildProcess, event: T['event']): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: T) => {
      if (message.event !== event) return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`platform exited (${code}) before '${event}'`)));
  });
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/**
 * Order bodies around each market's mid at start-up, in exact minor units: resting ones
 * 0.2% to 3% away from the mid, crossing ones 1% through it (IOC, so what is left over is
 * cancelled rather than piling up at the touch). Each is worth 2 to 6 times the minimum.
 */
function orderBodies(quotes: Quote[]): string[] {
  const rand = mulberry32(7);
  const bodies: string[] = [];
  for (let i = 0; i < POOL; i++) {
    const quote = quotes[i % quotes.length]!;
    const { spec } = genesisMarkets().find((m) => m.symbol === quote.symbol)!;
    const decimals = spec.quote.decimals;
    const mid = (parseUnits(quote.bid, decimals) + parseUnits(quote.ask, decimals)) / 2n;
    const side = rand() < 0.5 ? 'buy' : 'sell';
    const crossing = rand() < CROSSING;
    // Parts per million away from the mid: positive is away from the market for a buy.
    const ppm = BigInt(crossing ? -10_000 : 2_000 + Math.floor(rand() * 28_000));
    const raw =
      side === 'buy'
        ? (mid * (1_000_000n - ppm)) / 1_000_000n
        : (mid * (1_000_000n + ppm)) / 1_000_000n;
    const ticks = side === 'buy' ? raw / spec.tickSize : ceilDiv(raw, spec.tickSize);
    const price = ticks * spec.tickSize;
    const perLot = (price * spec.lotSize) / 10n ** BigInt(spec.base.decimals);
    const lots = ceilDiv(spec.minNotional * 2n, perLot) * BigInt(1 + Math.floor(rand() * 3));
    bodies.push(
      JSON.stringify({
        symbol: quote.symbol,
        side,
        type: 'limit',
        price: formatUnits(price, decimals),
        quantity: formatUnits(lots * spec.lotSize, spec.base.decimals),
        ...(crossing ? { timeInForce: 'IOC' } : {}),
      }),
    );
  }
  return bodies;
}

interface Tally {
  acknowledged: number;
  refused: number;
}

/** How each request proves its user: a session token, or an API key's HMAC signature. */
type Auth = { tokens: string[] } | { keys: BenchKey[] };

function authHeaders(auth: Auth, i: number, body: string): Record<string, string> {
  if ('tokens' in auth) return { authorization: `Bearer ${auth.tokens[i % auth.tokens.length]}` };
  return signedHeaders(auth.keys[i % auth.keys.length]!, {
    method: 'POST',
    path: '/api/currency/order/submit',
    query: '',
    body,
  });
}

async function run(port: number, auth: Auth, bodies: string[], seconds: number) {
  const tally: Tally = { acknowledged: 0, refused: 0 };
  let n = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/currency/order/submit',
        setupRequest: (request) => {
          const i = n++;
          const body = bodies[i % bodies.length]!;
          return {
            ...request,
            headers: { 'content-type': 'application/json', ...authHeaders(auth, i, body) },
            body,
          };
        },
        onResponse: (status, body) => {
          if (status === 200 && (JSON.parse(body) as { code: number }).code === 200) {
            tally.acknowledged++;
          } else {
            tally.refused++;
          }
        },
      },
    ],
  });
  return { result, tally };
}

const logPath = path.join(
  fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-log-')),
  'server.log',
);
const log = fs.openSync(logPath, 'w');
// The platform logs every request as it would in production, into a file.
const server = fork(path.join(here, 'orders/server.ts'), {
  stdio: ['ignore', log, 'inherit', 'ipc'],
  // The young-generation size `npm start` gives the platform (see package.json).
  execArgv: [
    ...process.execArgv,
    '--max-semi-space-size=32',
    ...(process.env.ORDERS_NODE_FLAGS ?? '').split(' ').filter(Boolean),
  ],
});
const ready = await next<Extract<FromServer, { event: 'ready' }>>(server, 'ready');
console.log(
  `platform up on 127.0.0.1:${ready.port}; ${ready.tokens.length} users registered and funded ` +
    `in ${(ready.seedMs / 1000).toFixed(1)} s; mids from the market makers: ` +
    ready.quotes.map((q) => `${q.symbol} ${q.bid}/${q.ask}`).join(', '),
);
const bodies = orderBodies(ready.quotes);

await run(ready.port, { tokens: ready.tokens }, bodies, WARMUP_SECONDS);
server.send({ cmd: 'measure' } satisfies ToServer);
await next(server, 'measuring');
const { result, tally } = await run(ready.port, { tokens: ready.tokens }, bodies, SECONDS);
const load = os.loadavg().map((x) => x.toFixed(1));
server.send({ cmd: 'report' } satisfies ToServer);
const report = await next<Extract<FromServer, { event: 'report' }>>(server, 'report');

const perSecond = tally.acknowledged / SECONDS;
const { latency } = result;
console.log(
  `${CONNECTIONS} connections, ${ready.tokens.length} users, ${SECONDS} s after a ` +
    `${WARMUP_SECONDS} s warm-up; ${Math.round(CROSSING * 100)}% of orders cross (IOC)`,
);
console.log(
  `acknowledged (HTTP 200, code 200, after fsync): ${tally.acknowledged} orders = ` +
    `${Math.round(perSecond).toLocaleString('en')} orders/s`,
);
console.log(
  `latency: p50 ${latency.p50} ms, p97.5 ${latency.p97_5} ms, p99 ${latency.p99} ms, ` +
    `max ${latency.max} ms`,
);
console.log(
  `other answers: ${tally.refused} refused (non-200 or code != 200; HTTP non-2xx ` +
    `${result.non2xx}), errors ${result.errors}, timeouts ${result.timeouts}`,
);
console.log(
  `platform: CPU ${report.cpuPercent.toFixed(0)}% of one core, peak RSS ` +
    `${report.peakRssMb.toFixed(0)} MB; bench users' orders in the query tables ` +
    `${report.orders} (${report.open} still open), fills ${report.fills}, engine seq ${report.engineSeq}`,
);
// CPU time per order depends little on how much CPU the platform was given.
const perOrderUs = ((report.cpuPercent / 100) * SECONDS * 1e6) / Math.max(1, tally.acknowledged);
console.log(`platform CPU per acknowledged order: ${perOrderUs.toFixed(0)} µs`);
console.log(`machine: ${os.cpus().length} CPUs, load average ${load.join(' / ')} (1/5/15 min)`);
const target = perSecond >= 5000 && latency.p99 < 50;
console.log(`target (>= 5,000 orders/s, p99 < 50 ms): ${target ? 'met' : 'not met'}`);

// The same orders again, each signed with its user's API key (HMAC-SHA256) instead of a
// session token: what a bot pays for signing, and the platform for checking.
server.send({ cmd: 'measure' } satisfies ToServer);
await next(server, 'measuring');
const signed = await run(ready.port, { keys: ready.keys }, bodies, SECONDS);
server.send({ cmd: 'report' } satisfies ToServer);
const signedReport = await next<Extract<FromServer, { event: 'report' }>>(server, 'report');
const signedPerSecond = signed.tally.acknowledged / SECONDS;
const signedPerOrderUs =
  ((signedReport.cpuPercent / 100) * SECONDS * 1e6) / Math.max(1, signed.tally.acknowledged);
console.log(
  `signed with API keys (HMAC-SHA256): ${signed.tally.acknowledged} orders = ` +
    `${Math.round(signedPerSecond).toLocaleString('en')} orders/s; latency p50 ` +
    `${signed.result.latency.p50} ms, p99 ${signed.result.latency.p99} ms; refused ` +
    `${signed.tally.refused}; platform CPU ${signedReport.cpuPercent.toFixed(0)}% of one core, ` +
    `${signedPerOrderUs.toFixed(0)} µs per acknowledged order`,
);
server.send({ cmd: 'stop' } satisfies ToServer);
fs.rmSync(path.dirname(logPath), { recursive: true, force: true });
