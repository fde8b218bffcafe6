// The order book alone against the npm package `nodejs-order-book`, side by side on the
// same fixed-seed stream of 300,000 limit orders, without and with 10% cancels.
import { OrderBook as ReferenceBook } from 'nodejs-order-book';
import { OrderBook } from '../src/book/order-book.ts';
import { orderStream, perSecond, type StreamOp } from './order-stream.ts';

const ORDERS = 300_000;
const WARMUPS = 3;
const RUNS = 9;

const USERS = Array.from({ length: 1_000 }, (_, i) => `u${i}`);

interface Entry {
  id: number;
  user: string;
  slot: number;
}

function runOurs(ops: StreamOp[]): { fills: number } {
  const book = new OrderBook<Entry>();
  // The book's caller keeps its orders by id (the engine's live orders).
  const entries = new Map<number, Entry>();
  let fills = 0;
  const visitor = {
    visit(_maker: Entry, _price: number, lots: number) {
      fills++;
      return lots;
    },
  };
  for (const op of ops) {
    if (op.kind === 'cancel') {
      const entry = entries.get(op.id);
      if (entry) book.remove(entry);
      continue;
    }
    const filled = book.match(op.side, op.price, op.lots, visitor);
    if (filled < op.lots) {
      const entry = { id: op.id, user: USERS[op.user]!, slot: -1 };
      entries.set(op.id, entry);
      book.add(entry, op.side, op.price, op.lots - filled);
    }
  }
  return { fills };
}

function runReference(ops: StreamOp[]): void {
  const book = new ReferenceBook();
  for (const op of ops) {
    if (op.kind === 'cancel') book.cancel(String(op.id));
    else book.limit({ id: String(op.id), side: op.side, size: op.lots, price: op.price });
  }
}

/**
 * Times the two books in alternation, so a change in machine load while the benchmark
 * runs weighs on both alike; returns the median seconds of each. As in `medianSeconds`,
 * no collection is forced between runs.
 */
function sideBySide(run: Array<() => void>): number[] {
  for (let i = 0; i < WARMUPS; i++) for (const r of run) r();
  const times = run.map(() => [] as number[]);
  for (let i = 0; i < RUNS; i++) {
    run.forEach((r, k) => {
      const began = performance.now();
      r();
      times[k]!.push((performance.now() - began) / 1000);
    });
  }
  return times.map((t) => t.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!);
}

for (const cancelShare of [0, 0.1]) {
  const ops = orderStream(ORDERS, cancelShare);
  const label = cancelShare === 0 ? 'limit orders only' : 'with 10% cancels';
  let fills = 0;
  const [ours, reference] = sideBySide([
    () => (fills = runOurs(ops).fills),
    () => runReference(ops),
  ]) as [number, number];
  console.log(
    `book alone, ${label} (${ops.length.toLocaleString('en-US')} ops, ${fills.toLocaleString('en-US')} fills):\n` +
      `  meridian OrderBook      ${perSecond(ops.length, ours)}\n` +
      `  nodejs-order-book       ${perSecond(ops.length, reference)}\n` +
      `  ratio                   ${(reference / ours).toFixed(1)}x  (median of ${RUNS} alternating runs after ${WARMUPS} warm-ups)`,
  );
}
