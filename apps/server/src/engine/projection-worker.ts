import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { ProjectionWrite, ProjectionWriter } from './projection-writer.ts';

// Plain CommonJS, run as the worker's whole program: no TypeScript loader is needed to
// start it. Statements are prepared once per shape and reused from one write to the next:
// building and compiling them through Kysely cost more than SQLite's own work.
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const file = new SQLite(workerData.file);
// Per connection: the same settings as the platform's own connection.
file.pragma('synchronous = NORMAL');
file.pragma('foreign_keys = ON');
file.pragma('busy_timeout = 5000');
const quote = (name) => '"' + name + '"';
const statements = new Map();
const run = (text, values) => {
  let statement = statements.get(text);
  if (!statement) statements.set(text, (statement = file.prepare(text)));
  statement.run(...values);
};
const insert = (table, row, conflict = '') => {
  const columns = Object.keys(row);
  run(
    'insert into ' + quote(table) + ' (' + columns.map(quote).join(', ') + ') values (' +
      columns.map(() => '?').join(', ') + ')' + conflict,
    Object.values(row),
  );
};
const write = file.transaction((w) => {
  for (const row of w.assets || []) {
    insert('ledger_assets', row, ' on conflict ("code") do update set "decimals" = excluded."decimals"');
  }
  for (const row of w.orders) insert('trade_orders', row);
  for (const [id, set] of w.changes) {
    const columns = Object.keys(set);
    run(
      'update "trade_orders" set ' + columns.map((c) => quote(c) + ' = ?').join(', ') +
        ' where "id" = ?',
      [...Object.values(set), id],
    );
  }
  for (const row of w.fills) insert('trade_fills', row);
  for (const row of w.postings) insert('ledger_postings', row);
  for (const row of w.balances) {
    insert(
      'ledger_balances',
      row,
      ' on conflict ("account") do update set "balance" = excluded."balance", ' +
        '"balance_units" = excluded."balance_units", ' +
        '"updated_seq" = excluded."updated_seq"',
    );
  }
  insert(
    'engine_projection',
    { name: w.name, last_seq: w.lastSeq },
    ' on conflict ("name") do update set "last_seq" = excluded."last_seq"',
  );
});
parentPort.on('message', (message) => {
  if (message === 'stop') {
    file.close();
    parentPort.close();
    return;
  }
  try {
    write(message);
    parentPort.postMessage(null);
  } catch (error) {
    parentPort.postMessage(String(error && error.message ? error.message : error));
  }
});
`;

/**
 * Writes the projection into the SQLite file from a worker thread with its own
 * connection (the file is in WAL mode, so the platform's connection reads beside it).
 * SQLite's writes are synchronous: on the thread that serves every request they took
 * about a third of its time under load. A write resolves only once the worker has
 * committed it, so whatever `EngineHost.projected()` promises is readable right after.
 * Writes are handled one at a time, in the order they were given.
 */
export function workerWriter(fileName: string): ProjectionWriter {
  const worker = new Worker(PROGRAM, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file: fileName,
    },
  });
  // Only a write in flight keeps the process alive.
  worker.unref();
  const pending: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let broken: Error | null = null;
  const failAll = (error: Error) => {
    broken ??= error;
    for (const waiter of pending.splice(0)) waiter.reject(error);
  };
  worker.on('message', (message: string | null) => {
    const waiter = pending.shift();
    if (pending.length === 0) worker.unref();
    if (message === null) waiter?.resolve();
    else waiter?.reject(new Error(`projection write: ${message}`));
  });
  worker.on('error', failAll);
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      failAll(new Error('projection writer stopped'));
      resolve();
    });
  });
  let stopped: Promise<void> | undefined;
  const write = (w: ProjectionWrite) =>
    new Promise<void>((resolve, reject) => {
      if (broken) return reject(broken);
      pending.push({ resolve, reject });
      worker.ref();
      worker.postMessage(w);
    });
  return Object.assign(write, {
    close() {
      stopped ??= (async () => {
        worker.ref();
        worker.postMessage('stop');
        await exited;
      })();
      return stopped;
    },
  });
}
