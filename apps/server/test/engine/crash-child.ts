// The process the crash test kills: an engine host over SQLite in the folder given as
// the first argument, driven by JSON lines on stdin, one JSON acknowledgement per line on
// stdout. With `inspect` as the second argument it only recovers, reports and stops.
import path from 'node:path';
import readline from 'node:readline';
import { openDatabase } from '../../src/kernel/db/database.ts';
import { migrateToLatest } from '../../src/migrations.ts';
import { EngineHost } from '../../src/engine/engine-host.ts';
import { SqlProjector } from '../../src/engine/sql-projector.ts';
import { TEST_ENGINE } from './config.ts';

const [dir, mode] = process.argv.slice(2) as [string, string | undefined];
const database = openDatabase({ dataDir: dir });
await migrateToLatest(database.db);
const projector = await SqlProjector.open(database.db, TEST_ENGINE);
const host = await EngineHost.open({
  dir: path.join(dir, 'engine'),
  config: TEST_ENGINE,
  projector,
  snapshotEvery: 400,
});

const send = (value: unknown) =>
  process.stdout.write(
    `${JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}\n`,
  );

if (mode === 'inspect') {
  const users = Array.from({ length: 6 }, (_, i) => `c${i}`);
  send({
    ready: true,
    seq: host.seq,
    projected: projector.lastSeq,
    balances: Object.fromEntries(users.map((u) => [u, host.balances(u)])),
  });
  await host.close();
  await database.close();
} else {
  send({ ready: true, seq: host.seq });
  const lines = readline.createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const req = JSON.parse(line) as {
      id: number;
      op: 'deposit' | 'place' | 'cancel';
      user: string;
      [key: string]: unknown;
    };
    const ack =
      req.op === 'deposit'
        ? host.deposit(req.user, req.asset as string, req.amount as string, `dep-${req.id}`)
        : req.op === 'cancel'
          ? host.cancelOrder(req.user, 'BTC-USDT', req.orderId as number)
          : host.placeOrder({
              user: req.user,
              market: 'BTC-USDT',
              side: req.side as 'buy' | 'sell',
              kind: 'limit',
              price: req.price as string,
              quantity: req.quantity as string,
            });
    void ack.then((a) => send({ id: req.id, seq: a.seq, events: a.events }));
  });
}
