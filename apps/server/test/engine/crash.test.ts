import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { openDatabase } from '../../src/kernel/db/database.ts';
import { auditLedger } from '../../src/engine/ledger-audit.ts';
import { tempDir } from '../helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');
const CLIENTS = 6;
const IN_FLIGHT = 4;
const KILL_AFTER_ACKS = 1_500;

interface AckLine {
  id?: number;
  seq?: number | null;
  ready?: boolean;
  events?: Array<Record<string, unknown>>;
  [key: string]: unknown;
}

function start(
  dir: string,
  mode?: string,
): { child: ChildProcessWithoutNullStreams; lines: AsyncIterator<string> } {
  const args = ['--import', 'tsx', path.join(here, 'crash-child.ts'), dir, ...(mode ? [mode] : [])];
  const child = spawn(process.execPath, args, { cwd: root });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return { child, lines };
}

async function next(lines: AsyncIterator<string>): Promise<AckLine> {
  const { value, done } = await lines.next();
  if (done) throw new Error('child closed its output');
  return JSON.parse(value) as AckLine;
}

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

it('after kill -9 mid-stream, every acknowledged order and fill survives and the ledger verifies', async () => {
  const dir = tempDir('meridian-crash-');
  const { child, lines } = start(dir);
  expect(await next(lines)).toMatchObject({ ready: true, seq: 0 });

  const rand = mulberry32(7);
  const acks = new Map<number, AckLine>();
  const sentAt = new Map<number, string>();
  const openOrders = new Map<string, number[]>();
  let nextId = 0;
  const send = (req: Record<string, unknown> & { user: string }) => {
    const id = ++nextId;
    sentAt.set(id, req.user);
    child.stdin.write(`${JSON.stringify({ id, ...req })}\n`);
  };
  const users = Array.from({ length: CLIENTS }, (_, i) => `c${i}`);
  for (const user of users) {
    send({ op: 'deposit', user, asset: 'USDT', amount: '1000000' });
    send({ op: 'deposit', user, asset: 'BTC', amount: '100' });
  }
  const request = (user: string) => {
    const mine = openOrders.get(user) ?? [];
    if (mine.length > 0 && rand() < 0.15) {
      send({ op: 'cancel', user, orderId: mine.splice(Math.floor(rand() * mine.length), 1)[0] });
      return;
    }
    const ticks = 5_000_000 + Math.floor(rand() * 41) - 20;
    send({
      op: 'place',
      user,
      side: rand() < 0.5 ? 'buy' : 'sell',
      price: (ticks / 100).toFixed(2),
      quantity: ((1 + Math.floor(rand() * 50)) / 10_000).toFixed(4),
    });
  };
  for (const user of users) for (let i = 0; i < IN_FLIGHT; i++) request(user);

  while (acks.size < KILL_AFTER_ACKS) {
    const ack = await next(lines);
    acks.set(ack.id!, ack);
    const user = sentAt.get(ack.id!)!;
    const accepted = ack.events?.find((e) => e.type === 'accepted');
    if (
      accepted &&
      !ack.events?.some((e) => e.type === 'filled' && e.orderId === accepted.orderId)
    ) {
      openOrders.set(user, [...(openOrders.get(user) ?? []), accepted.orderId as number]);
    }
    // Each client keeps its orders coming, so commands are in flight at the kill.
    request(user);
  }
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  const unacknowledged = nextId - acks.size;
  expect(unacknowledged).toBeGreaterThan(0);
  // Recovery below starts from a snapshot and replays the journal after it.
  expect(fs.readdirSync(path.join(dir, 'engine', 'snapshots'))).not.toEqual([]);

  const restarted = start(dir, 'inspect');
  const report = await next(restarted.lines);
  await new Promise((resolve) => restarted.child.once('exit', resolve));
  const recoveredSeq = report.seq as number;
  expect(report.projected).toBe(recoveredSeq);

  const database = openDatabase({ dataDir: dir });
  const db = database.db;
  try {
    const acked = [...acks.values()].filter((a) => a.seq !== null);
    expect(Math.max(...acked.map((a) => a.seq!))).toBeLessThanOrEqual(recoveredSeq);
    const orderIds = new Set(
      (await db.selectFrom('trade_orders').select('id').execute()).map((r) => Number(r.id)),
    );
    const fills = new Map(
      (await db.selectFrom('trade_fills').selectAll().execute()).map((f) => [Number(f.id), f]),
    );
    for (const ack of acked) {
      for (const e of ack.events ?? []) {
        if (e.type === 'accepted') expect(orderIds.has(e.orderId as number)).toBe(true);
        if (e.type === 'trade') {
          const fill = fills.get(e.tradeId as number);
          expect(fill).toBeDefined();
          expect(Number(fill!.maker_order_id)).toBe(e.makerOrderId);
          expect(Number(fill!.taker_order_id)).toBe(e.takerOrderId);
          expect(Number(fill!.seq)).toBe(ack.seq);
        }
      }
    }
    // Nothing half-applied: fills and postings are gap-free, and the query tables hold
    // exactly the balances the recovered engine holds.
    const tradeIds = [...fills.keys()].sort((a, b) => a - b);
    expect(tradeIds).toEqual(tradeIds.map((_, i) => i + 1));
    const stored = await db.selectFrom('ledger_balances').selectAll().execute();
    const balances = report.balances as Record<
      string,
      Array<{ asset: string; available: string; held: string }>
    >;
    for (const [user, list] of Object.entries(balances)) {
      for (const b of list) {
        const row = (part: string) =>
          stored.find((s) => s.account === `u:${user}:1:${part}:${b.asset}`);
        expect(row('a')?.balance ?? '0').toBe(b.available);
        expect(row('h')?.balance ?? '0').toBe(b.held);
      }
    }
    expect((await auditLedger(db)).violations).toEqual([]);
  } finally {
    await database.close();
  }

  const { DATABASE_URL: _unused, ...env } = process.env;
  const verify = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/ledger-verify.ts'],
    {
      cwd: root,
      env: { ...env, DATA_DIR: dir },
      encoding: 'utf8',
    },
  );
  expect(verify.stdout).toMatch(/^ledger ok/);
  expect(verify.status).toBe(0);
  fs.rmSync(dir, { recursive: true, force: true });
}, 30_000);
