import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type SQLite from 'better-sqlite3';
import type { EngineConfig } from '@meridian/core';
import type { EngineDb } from './tables.ts';
import { EngineHost } from './engine-host.ts';
import { kyselyWriter } from './projection-writer.ts';
import { workerWriter } from './projection-worker.ts';
import { SqlProjector } from './sql-projector.ts';
import type { EngineStandby } from './standby.ts';
import { EngineFollower } from './remote/engine-follower.ts';
import type { EngineSubjects } from './remote/protocol.ts';
import { PgEngineStore } from './store/pg-store.ts';
import type { NatsConnection } from '@nats-io/transport-node';

/**
 * Opens the platform's one trading engine, its results projected into the SQL query
 * tables: from its journal and snapshots under `DATA_DIR/engine`, or, given `standby`,
 * by promoting that standby (its journal in PostgreSQL, this process now its only
 * writer). With files, one process owns the engine; a second one on the same database
 * must not open another.
 */
export async function openTradingEngine(options: {
  dataDir: string;
  /** The assets and markets the engine trades (the markets module's catalogue). */
  config: EngineConfig;
  db: EngineDb;
  /** The SQLite file's handle when the database is SQLite: the projection writes to its file. */
  sqlite?: SQLite.Database | undefined;
  log: FastifyBaseLogger;
  /** The time each command is sequenced at; the system's by default (tests pass theirs). */
  clock?: (() => number) | undefined;
  /** A standby holding the lead (ENGINE_STORE=postgres): it becomes this engine. */
  standby?: EngineStandby | undefined;
  /** Called once if the engine stops taking commands (its journal could not be written). */
  onFailure?: ((error: Error) => void) | undefined;
}): Promise<EngineHost> {
  const { standby } = options;
  const projector = await SqlProjector.open(
    options.db,
    options.config,
    options.sqlite
      ? workerWriter(options.sqlite.name)
      : kyselyWriter(options.db, standby?.store.fence),
  );
  const hostOptions = {
    projector,
    // The modules project some events themselves and catch up from these (app.ts forgets them).
    keepEarlyResults: true,
    ...(options.clock ? { clock: options.clock } : {}),
    onListenerError: (error: unknown) =>
      options.log.error({ err: error }, 'engine listener failed'),
    ...(options.onFailure ? { onFailure: options.onFailure } : {}),
    onCommandError: (error: unknown, command: string) =>
      options.log.error({ err: error, command }, 'engine command failed; state rebuilt, refused'),
  };
  const host = standby
    ? await standby.promote(hostOptions)
    : await EngineHost.open({
        dir: path.join(options.dataDir, 'engine'),
        config: options.config,
        ...hostOptions,
      });
  options.log.info(host.restored, 'engine restored');
  // Market makers' quote holds stay in the engine (only fills post): issue 27's bound on
  // growth. Journalled once; an engine from before replays its older records as before.
  await host.keepMakerHoldsInEngine();
  return host;
}

/**
 * The engine of an API process (ROLE=api): a replica of the leader's journal in
 * PostgreSQL, whose commands go to the leader over NATS (`remote/engine-follower.ts`).
 */
export async function openEngineFollower(options: {
  databaseUrl: string;
  config: EngineConfig;
  nats: NatsConnection;
  subjects: EngineSubjects;
  log: FastifyBaseLogger;
  clock?: (() => number) | undefined;
  onFailure?: ((error: Error) => void) | undefined;
}): Promise<EngineFollower> {
  const store = await PgEngineStore.open({ url: options.databaseUrl });
  const follower = await EngineFollower.open({
    store,
    config: options.config,
    nats: options.nats,
    subjects: options.subjects,
    ...(options.clock ? { clock: options.clock } : {}),
    onListenerError: (error: unknown) =>
      options.log.error({ err: error }, 'engine listener failed'),
    onReadError: (error: unknown) =>
      options.log.warn({ err: error }, 'engine replica: the journal could not be read'),
    ...(options.onFailure ? { onFailure: options.onFailure } : {}),
  });
  options.log.info(follower.restored, 'engine replica opened: commands go to the leader');
  return follower;
}
