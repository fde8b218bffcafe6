import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/kernel/db/database.ts';
import { auditLedger } from '../../src/engine/ledger-audit.ts';

// Issue 25: two engine processes on one PostgreSQL journal. The leader is killed with
// kill -9 mid-stream; the standby, whose state hash equalled the leader's, takes over
// from the last acknowledged command, and clients that retry get their first answers.

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');
const url = process.env.TEST_DATABASE_URL;
const CLIENTS = 6;
const IN_FLIGHT = 4;
const COMPARE_AFTER_ACKS = 400;
const KILL_AFTER_ACKS = 1_200;

interface Line {
  id?: number;
  seq?: number | null;
  hash?: string;
  events?: Array<Record<string, unknown>>;
  orderId?: number | null;
  [key: string]: unknown;
}

class EngineProcess {
  readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting = new Map<number, (line: Line) => void>();
  private readonly reports: Line[] = [];
  private reportWaiter: ((line: Line) => void) | null = null;
  private nextId = 1_000_000;
  onAck: ((line: Line) => void) | null = null;

  constructor(schema: string, mode?: string) {
    const args = ['--import', 'tsx', path.join(here, 'failover-child.ts'), url!, schema];
    this.child = spawn(process.execPath, mode ? [...args, mode] : args, { cwd: root });
    this.child.stderr.on('data', (d: Buffer) => process.stderr.write(d));
    readline.createInterface({ input: this.child.stdout }).on('line', (text) => {
      const line = JSON.parse(text) as Line;
      if (line.id === undefined) {
        if (this.reportWaiter) this.reportWaiter(line);
        else this.reports.push(line);
        return;
      }
      const waiter = this.waiting.get(line.id);
      if (waiter) {
        this.waiting.delete(line.id);
        waiter(line);
      } else this.onAck?.(line);
    });
  }

  /** The next line the process sends of its own accord (standby, leader, inspect). */
  report(): Promise<Line> {
    const queued = this.reports.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => {
      this.reportWaiter = (line) => {
        this.reportWaiter = null;
        resolve(line);
      };
    });
  }

  send(id: number, req: Record<string, unknown>): void {
    this.child.stdin.write(`${JSON.stringify({ id, ...req })}\n`);
  }

  ask(req: Record<string, unknown>): Promise<Line> {
    const id = ++this.nextId;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.send(id, req);
    });
  }

  exited(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) resolve();
      else this.child.once('exit', () => resolve());
    });
  }
}

let schema = '';
beforeAll(async () => {
  if (!url) return;
  schema = `test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
});
afterAll(async () => {
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
});

it.skipIf(!url)(
  'kill -9 of the leader: the standby leads from the last acknowledged command, retries get their first answers',
  async () => {
    const leader = new EngineProcess(schema);
    expect(await leader.report()).toMatchObject({ standby: true });
    expect(await leader.report()).toMatchObject({ leader: true, seq: 0 });
    const standby = new EngineProcess(schema);
    expect(await standby.report()).toMatchObject({ standby: true, seq: 0 });

    // Each client keeps IN_FLIGHT requests going; each request has its own key (a
    // deposit's reference, an order's client order id), kept for the retry.
    const requests = new Map<number, Record<string, unknown> & { user: string }>();
    const acks = new Map<number, Line>();
    let nextId = 0;
    let paused = false;
    let seed = 11;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const request = (user: string) => {
      const id = ++nextId;
      const ticks = 5_000_000 + Math.floor(rand() * 41) - 20;
      const req = {
        op: 'place',
        user,
        side: rand() < 0.5 ? 'buy' : 'sell',
        price: (ticks / 100).toFixed(2),
        quantity: ((1 + Math.floor(rand() * 50)) / 10_000).toFixed(4),
        clientOrderId: `o${id}`,
      };
      requests.set(id, req);
      leader.send(id, req);
    };
    let resumed: (() => void) | null = null;
    const everyAckIn = () => new Promise<void>((resolve) => (resumed = resolve));
    leader.onAck = (ack) => {
      acks.set(ack.id!, ack);
      if (paused) {
        if (acks.size === requests.size) resumed?.();
        return;
      }
      if (acks.size < KILL_AFTER_ACKS + CLIENTS * IN_FLIGHT) request(requests.get(ack.id!)!.user);
    };

    const users = Array.from({ length: CLIENTS }, (_, i) => `c${i}`);
    for (const user of users) {
      for (const asset of ['USDT', 'BTC']) {
        const id = ++nextId;
        const req = {
          op: 'deposit',
          user,
          asset,
          amount: asset === 'USDT' ? '1000000' : '100',
          ref: `dep-${id}`,
        };
        requests.set(id, req);
        leader.send(id, req);
      }
    }
    for (const user of users) for (let i = 0; i < IN_FLIGHT; i++) request(user);

    // Mid-stream, with every request answered: the standby reaches the leader's sequence
    // with the same state hash.
    await until(() => acks.size >= COMPARE_AFTER_ACKS);
    paused = true;
    if (acks.size < requests.size) await everyAckIn();
    const leading = await leader.ask({ op: 'status' });
    let replica = await standby.ask({ op: 'status' });
    while (replica.seq! < leading.seq!) replica = await standby.ask({ op: 'status' });
    expect(replica).toMatchObject({ seq: leading.seq, hash: leading.hash });
    paused = false;
    for (const user of users) for (let i = 0; i < IN_FLIGHT; i++) request(user);

    await until(() => acks.size >= KILL_AFTER_ACKS);
    leader.child.kill('SIGKILL');
    const killedAt = Date.now();
    await leader.exited();
    const acknowledged = [...acks.values()];
    const unanswered = [...requests.keys()].filter((id) => !acks.has(id));
    expect(unanswered.length).toBeGreaterThan(0);

    const took = await standby.report();
    expect(took).toMatchObject({ leader: true });
    console.log(
      `failover: the standby led ${Date.now() - killedAt} ms after the kill ` +
        `(its takeover itself ${took.takeOverMs as number} ms), at seq ${took.seq as number}`,
    );
    const lastAcked = Math.max(...acknowledged.map((a) => a.seq ?? 0));
    expect(took.seq).toBeGreaterThanOrEqual(lastAcked);

    // Every acknowledged order is in the new leader, under the same id, exactly once.
    for (const ack of acknowledged) {
      const req = requests.get(ack.id!)!;
      if (req.op !== 'place') continue;
      const accepted = ack.events!.find((e) => e.type === 'accepted');
      const found = await standby.ask({
        op: 'order',
        user: req.user,
        clientOrderId: req.clientOrderId,
      });
      expect(found.orderId).toBe(accepted!.orderId);
    }
    // A client whose answer was lost asks by its key first: an order the old leader had
    // journalled is answered with that order, anything else is placed now, once.
    let firstAnswers = 0;
    for (const id of unanswered) {
      const req = requests.get(id)!;
      const found = await standby.ask({
        op: 'order',
        user: req.user,
        clientOrderId: req.clientOrderId,
      });
      if (found.orderId !== null) {
        firstAnswers++;
        continue;
      }
      const retried = await standby.ask(req);
      expect(retried.events!.some((e) => e.type === 'accepted')).toBe(true);
      const again = await standby.ask({
        op: 'order',
        user: req.user,
        clientOrderId: req.clientOrderId,
      });
      expect(again.orderId).not.toBeNull();
    }
    console.log(
      `failover: ${unanswered.length} unanswered at the kill, ${firstAnswers} of them already journalled`,
    );

    // The new leader takes a command of its own (cancelled or refused, it is sequenced), so
    // its clean stop below writes a snapshot whatever the old leader managed before the kill.
    const own = await standby.ask({ op: 'cancel', user: 'c0', orderId: 1 });
    expect(own.seq).toBeGreaterThan(took.seq as number);

    const final = await standby.ask({ op: 'status' });
    await standby.ask({ op: 'stop' });
    await standby.exited();

    // A third process rebuilt from the store alone holds the same state, and the SQL
    // tables hold exactly the ledger it implies.
    const fresh = new EngineProcess(schema, 'inspect');
    expect(await fresh.report()).toMatchObject({ inspect: true, seq: final.seq, hash: final.hash });
    await fresh.exited();
    const database = openDatabase({ url: url!, dataDir: '/nonexistent', pgSchema: schema });
    try {
      expect((await auditLedger(database.db)).violations).toEqual([]);
      // The rebuild above started from a snapshot the leaders wrote to the store.
      const snapshots = await database.db.selectFrom('engine_snapshots').select('seq').execute();
      expect(snapshots.length).toBeGreaterThan(0);
      const deposits = await database.db
        .selectFrom('ledger_balances')
        .select(['account', 'balance'])
        .where('account', 'like', 's:platform_float:%')
        .execute();
      // Twelve deposits, each applied once: the float mirrors exactly what came in.
      expect(Object.fromEntries(deposits.map((d) => [d.account, d.balance]))).toEqual({
        's:platform_float:BTC': '-600',
        's:platform_float:USDT': '-6000000',
      });
    } finally {
      await database.close();
    }
  },
  60_000,
);

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
