// Durable throughput of the engine host: orders sent as decimal strings, validated,
// sequenced, matched, settled, journalled, and acknowledged only after their group
// commit is fsynced. Many clients keep orders in flight, as a loaded server would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EngineConfig, OrderRequest } from '@meridian/core';
import { orderStream } from '../../../packages/core/bench/order-stream.ts';
import { EngineHost } from '../src/engine/engine-host.ts';

const ORDERS = 300_000;
const USERS = 1_000;
const IN_FLIGHT = 2_000;

const BTC = { code: 'BTC', decimals: 8, maxAmount: 10n ** 18n };
const USDT = { code: 'USDT', decimals: 6, maxAmount: 10n ** 18n };
const config: EngineConfig = {
  assets: [BTC, USDT],
  markets: [
    {
      symbol: 'BTC-USDT',
      base: BTC,
      quote: USDT,
      tickSize: 10_000n,
      lotSize: 10_000n,
      minNotional: 1n,
      maxOrderLots: 1_000_000,
      maxPriceTicks: 100_000_000,
      makerFeeBps: 10,
      takerFeeBps: 20,
      bandBps: 500,
    },
  ],
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-engine-'));
const host = await EngineHost.open({ dir, config, snapshotEvery: 100_000 });
const users = Array.from({ length: USERS }, (_, i) => `u${i}`);
await Promise.all(
  users.flatMap((u, i) => [
    host.deposit(u, 'USDT', '1000000000', `usdt-${i}`),
    host.deposit(u, 'BTC', '1000000', `btc-${i}`),
  ]),
);

// Ticks of 0.01 USDT and lots of 0.0001 BTC, written as a client would send them.
const requests: OrderRequest[] = orderStream(ORDERS, 0, USERS).map((op) => ({
  user: users[op.user]!,
  market: 'BTC-USDT',
  side: op.side,
  kind: 'limit',
  price: (op.price / 100).toFixed(2),
  quantity: (op.lots / 10_000).toFixed(4),
}));

let sent = 0;
let acknowledged = 0;
let trades = 0;
const began = performance.now();
await new Promise<void>((resolve) => {
  const sendNext = () => {
    if (sent === requests.length) return;
    const request = requests[sent++]!;
    void host.placeOrder(request).then((ack) => {
      acknowledged++;
      for (const e of ack.events) if (e.type === 'trade') trades++;
      if (acknowledged === requests.length) resolve();
      else sendNext();
    });
  };
  for (let i = 0; i < IN_FLIGHT; i++) sendNext();
});
const seconds = (performance.now() - began) / 1000;
const journalBytes = fs
  .readdirSync(path.join(dir, 'journal'))
  .reduce((sum, f) => sum + fs.statSync(path.join(dir, 'journal', f)).size, 0);
console.log(
  `engine host, durable (acknowledged after fsynced group commit), ${IN_FLIGHT.toLocaleString('en-US')} orders in flight:\n` +
    `  ${Math.round(ORDERS / seconds).toLocaleString('en-US')} orders/s  (${ORDERS.toLocaleString('en-US')} limit orders in ${seconds.toFixed(2)} s, ` +
    `${trades.toLocaleString('en-US')} trades, ${(journalBytes / 1e6).toFixed(1)} MB of journal since the last snapshot, in ${os.tmpdir()})`,
);
await host.close();
fs.rmSync(dir, { recursive: true, force: true });
