// The subscribers of the fan-out benchmark, in a process of their own: many WebSocket
// market-socket clients or MQTT clients that count what they receive, find sequence
// gaps and missing ticks, and measure delivery latency on the monotonic clock.
import mqtt from 'mqtt';
import { WebSocket } from 'ws';
import { nowUs } from './bench-feed.ts';
import { SYMBOLS, SYMBOLS_PER_CLIENT, type FromClients, type ToClients } from './protocol.ts';

const send = (message: FromClients) => process.send?.(message);

/** Latency histogram in 0.1 ms buckets up to 10 s. */
const buckets = new Uint32Array(100_001);
let samples = 0;
let messages = 0;
let items = 0;
let seqGaps = 0;
let closed = 0;
let errors = 0;
let baselineUs = Infinity;
const perSymbol: Record<string, number> = {};
/** Per client and symbol: first and last tick numbers seen, and how many. */
const seen = new Map<string, { first: number; last: number; count: number }>();

function record(latencyUs: number): void {
  buckets[Math.min(buckets.length - 1, Math.max(0, Math.round(latencyUs / 100)))]! += 1;
  samples++;
}

function percentile(p: number): number {
  const target = Math.ceil(samples * p);
  let sum = 0;
  for (let i = 0; i < buckets.length; i++) {
    sum += buckets[i]!;
    if (sum >= target) return i / 10;
  }
  return NaN;
}

function watchTrade(client: number, id: string, at: number): void {
  const [symbol = '', n = '0', stamp = '0'] = id.split(':');
  record(at - Number(stamp));
  items++;
  perSymbol[symbol] = (perSymbol[symbol] ?? 0) + 1;
  const key = `${client}:${symbol}`;
  const tick = Number(n);
  const entry = seen.get(key);
  if (!entry) seen.set(key, { first: tick, last: tick, count: 1 });
  else {
    entry.first = Math.min(entry.first, tick);
    entry.last = Math.max(entry.last, tick);
    entry.count++;
  }
}

function openWs(url: string, index: number): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url}/ws/bench-${index}`);
    const lastSeq = new Map<string, number>();
    ws.on('open', () => {
      for (let k = 0; k < SYMBOLS_PER_CLIENT; k++) {
        const symbol = SYMBOLS[(index + k) % SYMBOLS.length]!;
        ws.send(JSON.stringify({ op: 'sub', type: 'TRADE', symbol }));
      }
      resolve(true);
    });
    ws.on('message', (data) => {
      const at = nowUs();
      const message = JSON.parse(String(data)) as {
        type: string;
        channel?: string;
        seq?: number;
        snapshot?: boolean;
        data?: Array<{ id: string }>;
      };
      if (message.type === 'heartbeat') return ws.send('ping');
      if (message.type !== 'TRADE' || !message.channel) return;
      if (message.snapshot) return void lastSeq.set(message.channel, 0);
      messages++;
      const last = lastSeq.get(message.channel);
      if (last === undefined || message.seq !== last + 1) seqGaps++;
      lastSeq.set(message.channel, message.seq ?? 0);
      for (const trade of message.data ?? []) watchTrade(index, trade.id, at);
    });
    ws.on('close', () => closed++);
    ws.on('error', () => {
      errors++;
      resolve(false);
    });
  });
}

function openMqtt(url: string, index: number): Promise<boolean> {
  return new Promise((resolve) => {
    const client = mqtt.connect(url, { keepalive: 5, reconnectPeriod: 0 });
    client.on('connect', () => {
      client.subscribe('all_symbol_detail', { qos: 0 }, (error) => resolve(!error));
    });
    client.on('message', (_topic, payload) => {
      const at = nowUs();
      // Only the stamp is needed: reading it out of the text keeps 2,000 subscribers in
      // one process from spending their time parsing whole ticker lists.
      const text = payload.toString('latin1');
      const stamp = Number(/"time":(\d+)/.exec(text)?.[1] ?? 0);
      // A retained list from before the run is not part of the figures.
      if (stamp < baselineUs) return;
      messages++;
      items += SYMBOLS.length;
      record(at - stamp);
    });
    client.on('close', () => closed++);
    client.on('error', () => {
      errors++;
      resolve(false);
    });
    void index;
  });
}

process.on('message', async (message: ToClients) => {
  if (message.cmd === 'connect') {
    const began = performance.now();
    let failed = 0;
    const open = message.mode === 'ws' ? openWs : openMqtt;
    // Connect in waves so the accept queue and the handshakes never time out.
    for (let i = 0; i < message.clients; i += 100) {
      const wave = [];
      for (let j = i; j < Math.min(message.clients, i + 100); j++) wave.push(open(message.url, j));
      failed += (await Promise.all(wave)).filter((ok) => !ok).length;
    }
    // Snapshots and subscriptions settle before the clock starts.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    baselineUs = nowUs();
    closed = 0;
    send({ event: 'connected', clients: message.clients, failed, ms: performance.now() - began });
  } else {
    let missing = 0;
    for (const entry of seen.values()) missing += entry.last - entry.first + 1 - entry.count;
    send({
      event: 'report',
      messages,
      items,
      missing,
      seqGaps,
      closed,
      errors,
      p50Ms: percentile(0.5),
      p99Ms: percentile(0.99),
      maxMs: percentile(1),
      perSymbol,
    });
    process.exit(0);
  }
});
