// An engine process of the failover test: it opens the PostgreSQL journal of the schema
// given (url, schema), as a hot standby that takes the lead as soon as it can, and is
// driven by JSON lines on stdin, answering one JSON line each on stdout. It reports
// `{ standby }` once its replica has caught up and `{ leader }` once it leads. With
// `inspect` as the third argument it only rebuilds the state from the store and reports.
import readline from 'node:readline';
import { openDatabase } from '../../src/kernel/db/database.ts';
import { migrateToLatest } from '../../src/migrations.ts';
import type { EngineHost } from '../../src/engine/engine-host.ts';
import { kyselyWriter } from '../../src/engine/projection-writer.ts';
import { SqlProjector } from '../../src/engine/sql-projector.ts';
import { EngineStandby } from '../../src/engine/standby.ts';
import { PgEngineStore } from '../../src/engine/store/pg-store.ts';
import { TEST_ENGINE } from './config.ts';

const [url, schema, mode] = process.argv.slice(2) as [string, string, string | undefined];
const send = (value: unknown) =>
  process.stdout.write(
    `${JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}\n`,
  );
const exit = (error: Error) => {
  process.stderr.write(`engine stopped: ${error.message}\n`);
  process.exit(1);
};

const database = openDatabase({ url, dataDir: '/nonexistent', pgSchema: schema });
await migrateToLatest(database.db);
const store = await PgEngineStore.open({ url, schema, onLeadLost: exit });
const standby = await EngineStandby.open({ store, config: TEST_ENGINE });

if (mode === 'inspect') {
  send({ inspect: true, seq: standby.seq, hash: standby.stateHash() });
  await standby.close();
  await database.close();
} else {
  let host: EngineHost | null = null;
  send({ standby: true, seq: standby.seq });
  const lines = readline.createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const req = JSON.parse(line) as {
      id: number;
      op: 'status' | 'deposit' | 'place' | 'cancel' | 'order' | 'stop';
      user: string;
      [key: string]: unknown;
    };
    if (req.op === 'status') {
      const seq = host ? host.seq : standby.seq;
      send({ id: req.id, seq, hash: host ? host.stateHash() : standby.stateHash() });
      return;
    }
    if (!host) return send({ id: req.id, refused: 'standby' });
    if (req.op === 'stop') {
      void host
        .close()
        .then(() => store.close())
        .then(() => database.close())
        .then(() => {
          send({ id: req.id, stopped: true });
          process.exit(0);
        });
      return;
    }
    if (req.op === 'order') {
      const orderId = host.orderIdOf(req.user, req.clientOrderId as string);
      send({ id: req.id, orderId: orderId ?? null });
      return;
    }
    const ack =
      req.op === 'deposit'
        ? host.deposit(req.user, req.asset as string, req.amount as string, req.ref as string)
        : req.op === 'cancel'
          ? host.cancelOrder(req.user, 'BTC-USDT', req.orderId as number)
          : host.placeOrder({
              user: req.user,
              market: 'BTC-USDT',
              side: req.side as 'buy' | 'sell',
              kind: 'limit',
              price: req.price as string,
              quantity: req.quantity as string,
              clientOrderId: req.clientOrderId as string,
            });
    void ack.then(
      (a) => send({ id: req.id, seq: a.seq, events: a.events }),
      (error: Error) => send({ id: req.id, error: error.message }),
    );
  });

  // Takes the lead when the current leader's lock is freed (at once if none leads).
  await standby.waitForLead();
  const freedAt = Date.now();
  const projector = await SqlProjector.open(
    database.db,
    TEST_ENGINE,
    kyselyWriter(database.db, store.fence),
  );
  // Often enough that snapshots are written during the stream however loaded the machine
  // (one is captured at the end of a projection batch and written at the end of a later one).
  host = await standby.promote({ projector, snapshotEvery: 100, onFailure: exit });
  send({
    leader: true,
    seq: host.seq,
    hash: host.stateHash(),
    takeOverMs: Date.now() - freedAt,
  });
}
