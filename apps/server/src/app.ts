import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { OperatorsService } from './modules/operators/index.ts';
import type { DepositsService } from './modules/deposits/index.ts';
import type { PerpsModuleService } from './modules/perps/index.ts';
import type { MarginModuleService } from './modules/margin/index.ts';
import type { EngineFront } from './engine/engine-front.ts';
import type { EngineTables } from './engine/tables.ts';
import type { Config } from './kernel/config.ts';
import type { Database } from './kernel/db/database.ts';
import type { KernelTables } from './kernel/db/schema.ts';
import { registerWebApp } from './kernel/http/web-app.ts';
import { startKernel } from './kernel/kernel.ts';
import { startModules, type PlatformOptions } from './kernel/module.ts';
import type { Broker } from './kernel/realtime/mqtt/broker.ts';
import type { UserSocket } from './kernel/realtime/user-socket.ts';
import { migrations } from './migrations.ts';
import { MODULES } from './modules.ts';
import type { Housekeeper } from './modules/housekeeping/index.ts';
import type { IdentityTables } from './modules/identity/tables.ts';
import {
  GENESIS_ENGINE_CONFIG,
  type MarketFeed,
  type MarketRuntime,
} from './modules/markets/index.ts';
import type { MarketsTables } from './modules/markets/tables.ts';
import type { Intents } from './kernel/cluster/intents.ts';

export type { PlatformOptions };

/** Every table of the platform: what operators' tools and tests may read. */
export type PlatformTables = KernelTables & EngineTables & IdentityTables & MarketsTables;

export interface Platform {
  app: FastifyInstance;
  database: Database & { db: Kysely<PlatformTables> };
  engine: EngineFront;
  /** Market data for the realtime layer (sockets, MQTT) and the quote calls. */
  market: MarketFeed;
  /** The running market: index feed, market makers, market data (tests, operators). */
  marketRuntime: MarketRuntime;
  /** The MQTT side: user refresh messages go out through it. */
  broker: Broker;
  /** The user socket at `/ws/coin/:userId`: each user's own events. */
  userSocket: UserSocket;
  /** Whether a built web app is being served. */
  servesWebApp: boolean;
  /** Operator accounts (the command line and tests create them through it). */
  operators: OperatorsService;
  /** On-chain deposits: the simulated chain and the credits (tests, the bench). */
  deposits: DepositsService;
  /** Demo accounts created by this start (empty when they already existed or demo is off). */
  seededDemoUsers: string[];
  /** Second contracts: `flushed()` waits until settled ones are written and announced. */
  seconds: { flushed(): Promise<void> };
  /** Perpetuals: the service, the funding job (tests run it on their clock), the history flush. */
  perps: PerpsModuleService;
  /** Spot margin: the service, the interest and liquidation jobs (tests run them), the flush. */
  margin: MarginModuleService;
  /** Retention, SQLite's space and the data's measure (tests and the soak bench run it). */
  housekeeping: Housekeeper;
  /** Half-done work and its claims: tests claim rows as this process and run a sweep. */
  intents: Intents;
}

/**
 * Starts the kernel and the modules in order, then the web app. Nothing listens yet;
 * `main.ts` does that, tests use `app.inject`.
 */
export async function buildPlatform(
  config: Config,
  options: PlatformOptions = {},
): Promise<Platform> {
  // The engine starts from the genesis catalogue; the markets module lists the rest.
  const kernel = await startKernel(
    config,
    { migrations, engineConfig: GENESIS_ENGINE_CONFIG },
    options,
  );
  const modules = await startModules(kernel, MODULES);
  kernel.engine.forgetEarlyResults();
  const servesWebApp = await registerWebApp(kernel.app, config.webDist);
  const markets = modules.use('markets');
  return {
    app: kernel.app,
    database: kernel.database,
    engine: kernel.engine,
    market: markets.feed,
    marketRuntime: markets.runtime,
    broker: kernel.broker,
    userSocket: kernel.userSocket,
    intents: kernel.intents,
    servesWebApp,
    seededDemoUsers: modules.use('demo').seededUsers,
    operators: modules.use('operators'),
    deposits: modules.use('deposits'),
    seconds: { flushed: () => modules.use('seconds').settlements.flushed() },
    perps: modules.use('perps'),
    margin: modules.use('margin'),
    housekeeping: modules.use('housekeeping'),
  };
}
