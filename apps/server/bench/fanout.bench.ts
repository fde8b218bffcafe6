// Fan-out of market data to many subscribers (`npm run bench -- fanout`):
// - 2,000 market-socket clients on loopback, each subscribed to the TRADE channel of 10
//   of 20 markets, every market ticking 4 times a second for 60 s;
// - 2,000 MQTT subscribers of all_symbol_detail through the embedded broker (WebSocket),
//   then through the MQTT broker at 127.0.0.1:1883 (Mosquitto) when one answers.
// The platform runs in one process and the clients in another, so the server's CPU and
// memory figures are its own. FANOUT_CLIENTS and FANOUT_SECONDS shorten a trial run.
import { fork, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SYMBOLS,
  SYMBOLS_PER_CLIENT,
  type FromClients,
  type FromServer,
  type ToClients,
  type ToServer,
} from './fanout/protocol.ts';

const CLIENTS = Number(process.env.FANOUT_CLIENTS ?? 2000);
const SECONDS = Number(process.env.FANOUT_SECONDS ?? 60);
const PER_SECOND = 4;
const MOSQUITTO = 'mqtt://127.0.0.1:1883';
const here = path.dirname(fileURLToPath(import.meta.url));

// The benchmark stops by itself even if a child hangs.
const watchdog = setTimeout(
  () => {
    console.error('fanout: watchdog expired, stopping');
    process.exit(1);
  },
  (SECONDS * 3 + 180) * 1000,
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
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before '${event}'`)));
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** How many clients watch each market, as clients.ts assigns them. */
function watchers(): Record<string, number> {
  const count: Record<string, number> = {};
  for (let i = 0; i < CLIENTS; i++) {
    for (let k = 0; k < SYMBOLS_PER_CLIENT; k++) {
      const symbol = SYMBOLS[(i + k) % SYMBOLS.length]!;
      count[symbol] = (count[symbol] ?? 0) + 1;
    }
  }
  return count;
}

async function scenario(name: string, mode: 'ws' | 'mqtt', externalUrl?: string): Promise<void> {
  console.log(`\n--- ${name}`);
  const server = fork(path.join(here, 'fanout/server.ts'), {
    env: { ...process.env, BENCH_MQTT_URL: externalUrl ?? '' },
  });
  const ready = await next<Extract<FromServer, { event: 'ready' }>>(server, 'ready');
  const clients = fork(path.join(here, 'fanout/clients.ts'));
  const url =
    mode === 'ws'
      ? `ws://127.0.0.1:${ready.port}`
      : (externalUrl ?? `ws://127.0.0.1:${ready.port}/mqtt`);
  clients.send({ cmd: 'connect', mode, url, clients: CLIENTS } satisfies ToClients);
  const connected = await next<Extract<FromClients, { event: 'connected' }>>(clients, 'connected');
  console.log(
    `${connected.clients - connected.failed} of ${connected.clients} clients connected and ` +
      `subscribed in ${(connected.ms / 1000).toFixed(1)} s`,
  );
  server.send({ cmd: 'start', seconds: SECONDS, perSecond: PER_SECOND } satisfies ToServer);
  const done = await next<Extract<FromServer, { event: 'done' }>>(server, 'done');
  clients.send({ cmd: 'report' } satisfies ToClients);
  const report = await next<Extract<FromClients, { event: 'report' }>>(clients, 'report');

  const ticks = Object.values(done.ticks).reduce((a, b) => a + b, 0);
  const live = connected.clients - connected.failed;
  let expected: number;
  let delivered: number;
  let unit: string;
  if (mode === 'ws') {
    const count = watchers();
    expected = Object.entries(done.ticks).reduce((sum, [s, n]) => sum + n * (count[s] ?? 0), 0);
    delivered = report.items;
    unit = 'trades';
  } else {
    expected = done.tickerPublishes * live;
    delivered = report.messages;
    unit = 'ticker lists';
  }
  const planned = SYMBOLS.length * PER_SECOND * SECONDS;
  console.log(
    `feed: ${SYMBOLS.length} markets x ${PER_SECOND}/s for ${SECONDS} s: ${ticks} ticks of ` +
      `${planned} planned (fewer when the server's event loop runs late)` +
      (mode === 'mqtt' ? `; ${done.tickerPublishes} publishes of all_symbol_detail` : ''),
  );
  console.log(
    `delivered: ${report.messages} messages carrying ${delivered} ${unit}; expected ` +
      `${expected} ${unit}; lost ${expected - delivered}` +
      (mode === 'ws' ? ` (sequence gaps ${report.seqGaps}, ticks missing ${report.missing})` : ''),
  );
  console.log(
    `latency (${mode === 'ws' ? 'tick' : 'publish'} to receipt): p50 ${report.p50Ms.toFixed(1)} ms, ` +
      `p99 ${report.p99Ms.toFixed(1)} ms, max ${report.maxMs.toFixed(1)} ms`,
  );
  console.log(
    `server: CPU ${done.cpuPercent.toFixed(0)}% of one core, peak RSS ` +
      `${done.peakRssMb.toFixed(0)} MB, heap ${done.heapUsedMb.toFixed(0)} MB; ` +
      `clients closed during the run ${report.closed}, client errors ${report.errors}` +
      (mode === 'mqtt' ? `; broker: ${done.broker}` : ''),
  );
  // CPU time per delivered message does not depend on how much CPU the server was given.
  const perMessageUs = ((done.cpuPercent / 100) * SECONDS * 1e6) / Math.max(1, report.messages);
  console.log(`server CPU per delivered message: ${perMessageUs.toFixed(1)} µs`);
  // Other work on the machine slows both processes; the figures say how busy it was.
  const load = os.loadavg().map((n) => n.toFixed(1));
  console.log(`machine: ${os.cpus().length} CPUs, load average ${load.join(' / ')} (1/5/15 min)`);
  await Promise.all([
    new Promise((resolve) => server.once('exit', resolve)),
    new Promise((resolve) => clients.once('exit', resolve)),
  ]);
}

console.log(
  `fan-out: ${CLIENTS} clients, ${SYMBOLS_PER_CLIENT} of ${SYMBOLS.length} markets each (market ` +
    `socket), ${PER_SECOND} ticks/s per market, ${SECONDS} s per run`,
);
await scenario('market socket /ws (TRADE channels)', 'ws');
await scenario('MQTT all_symbol_detail, embedded broker over WebSocket', 'mqtt');
if (await answers(1883)) {
  await scenario(`MQTT all_symbol_detail, external broker ${MOSQUITTO}`, 'mqtt', MOSQUITTO);
} else {
  console.log(`\n--- MQTT through ${MOSQUITTO}: skipped, nothing answers on port 1883`);
}
