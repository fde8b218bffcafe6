import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the WAL is copied back into the database file. */
const EVERY_MS = 500;

// Plain CommonJS, run as the worker's whole program: no loader is needed to start it.
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const file = new SQLite(workerData.file);
file.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try {
    file.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage(String(error && error.message ? error.message : error));
  }
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  file.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Checkpoints the SQLite write-ahead log from a worker thread, on its own connection.
 * SQLite otherwise checkpoints inside whichever commit crosses the WAL's size limit, and
 * that commit then waits for two fsyncs on the thread that serves every request. A
 * PASSIVE checkpoint never blocks the writer; the WAL is reused from its start once all
 * of it has been copied back.
 */
export function startCheckpointer(
  file: SQLite.Database,
  onError: (error: Error) => void,
): Checkpointer {
  file.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(PROGRAM, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file: file.name,
      everyMs: EVERY_MS,
    },
  });
  // Never what keeps the process alive; the database's close stops it.
  worker.unref();
  worker.on('message', (message: string) => onError(new Error(`checkpoint: ${message}`)));
  worker.on('error', onError);
  const exited = once(worker, 'exit');
  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= (async () => {
        // Held until it has closed its connection: an unreferenced worker's exit would
        // not keep a process that is only waiting for it alive.
        worker.ref();
        worker.postMessage('stop');
        await exited;
        // Whatever is left is checkpointed by SQLite when the last connection closes.
        if (file.open) file.pragma('wal_autocheckpoint = 1000');
      })();
      return stopped;
    },
  };
}
