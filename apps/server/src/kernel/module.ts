import type { FastifyInstance } from 'fastify';
import type { Kysely, Migration } from 'kysely';
import type { EngineFront } from '../engine/engine-front.ts';
import type { EngineStandby } from '../engine/standby.ts';
import type { Clock } from './clock.ts';
import type { Cluster } from './cluster/cluster.ts';
import type { Intents } from './cluster/intents.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { DeploymentFacts } from './db/platform-meta.ts';
import type { KernelTables } from './db/schema.ts';
import type { Idempotency } from './http/idempotency.ts';
import type { Delivery, SmsSender } from './mail/delivery.ts';
import type { Broker } from './realtime/mqtt/broker.ts';
import type { UserSocket } from './realtime/user-socket.ts';
import type { UserSocketLimits } from './realtime/user-connection.ts';
import type { SessionAuthority } from './sessions.ts';
import type { InstallableKeyAuthority } from './http/signed-request.ts';
import type { TransportKeys } from './transport-crypto.ts';
import type { AuditLog } from './operators/audit.ts';
import type { OperatorAuthority } from './operators/authority.ts';
import type { HealthData } from '@meridian/contract';

export type ComponentHealth = HealthData['components']['broker'];
/** Asked on every health call; a component that runs supplies one. */
export type ComponentProbe = () => ComponentHealth | Promise<ComponentHealth>;
export type ProbedComponent = 'broker' | 'market';

/**
 * How a start differs from the configuration: tests pass a database, a clock, shorter
 * timings. A module adds its own overrides to this interface from its index.ts.
 */
export interface PlatformOptions {
  /** Use this database instead of opening one from the configuration (tests). */
  database?: Database;
  logger?: boolean;
  clock?: Clock;
  sms?: SmsSender;
  /**
   * The engine's command clock (tests that need a contract to expire without waiting);
   * the system's by default. Separate from `clock`, which other timings follow.
   */
  engineClock?: () => number;
  /** Shorter timings of the user socket (tests). */
  userSocket?: Partial<UserSocketLimits>;
  /**
   * Check every answer against its call's schema before it is sent. Default: on under
   * NODE_ENV=test or development, off otherwise (production), where it only costs time.
   */
  validateResponses?: boolean;
  /**
   * A standby engine that now holds the lead (ENGINE_STORE=postgres, `standby.ts`): the
   * platform's engine is that standby, promoted, instead of one opened from files.
   */
  engineStandby?: EngineStandby;
  /**
   * Called once if the engine stops taking commands (its journal could not be written):
   * with a standby waiting, the process ends so that it takes over.
   */
  onEngineFailure?: (error: Error) => void;
  /** How often the leader looks for half-done work of dead processes (tests: shorter). */
  intentSweepMs?: number;
}

/** What every module uses and no module owns. */
export interface Kernel {
  config: Config;
  options: PlatformOptions;
  /** The HTTP server; only adapters (calls, sockets) touch it. */
  app: FastifyInstance;
  database: Database;
  db: Kysely<KernelTables>;
  clock: Clock;
  facts: DeploymentFacts;
  engine: EngineFront;
  /** Each user's own events, to their sockets at `/ws/coin/:userId`. */
  userSocket: UserSocket;
  /** MQTT: public topics and each user's refresh topic. */
  broker: Broker;
  /** Mail and SMS, through the outbox. */
  delivery: Delivery;
  /** `Idempotency-Key` for money-moving calls. */
  idempotency: Idempotency;
  /** Intent rows: who does a piece of work, and the leader's takeover of dead processes'. */
  intents: Intents;
  /** The server's key for payloads the browser seals (passwords, withdrawals). */
  transport: TransportKeys;
  /** The deployment's other processes: what they must hear of, what they count together. */
  cluster: Cluster;
  /** Every channel asks it whether a session lives; identity installs the real one. */
  sessions: SessionAuthority & { install(authority: SessionAuthority): void };
  /** Signed API-key requests ask it for a key; identity installs the real one. */
  apiKeys: InstallableKeyAuthority;
  /** Every `operator` call asks it for the caller; the operators module installs the real one. */
  operators: OperatorAuthority & { install(authority: OperatorAuthority): void };
  /** The operators' append-only audit log: every operator write records its row. */
  audit: AuditLog;
  /** A component's health, asked on every health call. */
  probe(component: ProbedComponent, probe: ComponentProbe): void;
  probes(): Partial<Record<ProbedComponent, ComponentProbe>>;
  /** Runs when the platform stops, after the HTTP server stopped taking requests. */
  onClose(stop: () => void | Promise<void>): void;
}

/**
 * What modules offer one another, by module name. Each module's index.ts adds its entry
 * (declaration merging), so `use('markets')` is typed without importing its files.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleServices {}

export interface ModuleContext extends Kernel {
  provide<K extends keyof ModuleServices>(name: K, service: ModuleServices[K]): void;
  /** Another module's service; that module must come earlier in the module list. */
  use<K extends keyof ModuleServices>(name: K): ModuleServices[K];
}

/**
 * One capability: its tables (migrations), and what it starts: calls, socket channels,
 * jobs, engine listeners. Adding a module is one line in `src/modules.ts`.
 */
export interface PlatformModule {
  name: string;
  migrations?: Record<string, Migration>;
  start?(context: ModuleContext): void | Promise<void>;
}

export function defineModule(module: PlatformModule): PlatformModule {
  return module;
}

/** Starts the modules in order; each sees what the earlier ones provide. */
export async function startModules(
  kernel: Kernel,
  modules: readonly PlatformModule[],
): Promise<ModuleContext> {
  const services = new Map<string, unknown>();
  const context: ModuleContext = {
    ...kernel,
    provide(name, service) {
      if (services.has(name)) throw new Error(`Module service "${name}" is provided twice`);
      services.set(name, service);
    },
    use(name) {
      if (!services.has(name)) {
        throw new Error(`Module service "${name}" is not started yet: check the module order`);
      }
      return services.get(name) as ModuleServices[typeof name];
    },
  };
  for (const module of modules) await module.start?.(context);
  return context;
}
