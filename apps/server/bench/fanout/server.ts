// The platform side of the fan-out benchmark, in its own process so its CPU and memory
// are its own: a real Fastify server with the market socket and MQTT, fed by BenchFeed.
// Driven over the IPC channel by fanout.bench.ts.
import Fastify from 'fastify';
import { registerMarketSocket } from '../../src/modules/markets/socket/market-socket.ts';
import { startBroker } from '../../src/kernel/realtime/mqtt/broker.ts';
import { publishTickers } from '../../src/modules/markets/mqtt-tickers.ts';
import { BenchFeed } from './bench-feed.ts';
import { SYMBOLS, type ToServer, type FromServer } from './protocol.ts';

const send = (message: FromServer) => process.send?.(message);

const feed = new BenchFeed(SYMBOLS);
const app = Fastify({ logger: false });
await registerMarketSocket(app, { feed });
const broker = await startBroker(app, {
  // Nobody authenticates in this benchmark; every client reads the public topic.
  sessions: { authenticate: async () => null, liveSessions: async () => new Set<string>() },
  mqttUrl: process.env.BENCH_MQTT_URL || undefined,
});
publishTickers(broker, feed);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');

process.on('message', (message: ToServer) => {
  if (message.cmd !== 'start') return;
  void run(message.seconds, message.perSecond);
});
send({ event: 'ready', port: address.port });

async function run(seconds: number, perSecond: number): Promise<void> {
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 500);
  const cpuBefore = process.cpuUsage();
  const began = performance.now();
  feed.start(perSecond);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  feed.stop();
  const cpu = process.cpuUsage(cpuBefore);
  const wall = performance.now() - began;
  clearInterval(sampler);
  // Let throttled channels send what they still hold.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  send({
    event: 'done',
    ticks: Object.fromEntries(feed.ticks),
    tickerPublishes: feed.tickerReads,
    cpuPercent: ((cpu.user + cpu.system) / 1000 / wall) * 100,
    peakRssMb: peakRss / 1048576,
    heapUsedMb: process.memoryUsage().heapUsed / 1048576,
    broker: broker.status().detail,
  });
  await app.close();
  process.exit(0);
}
