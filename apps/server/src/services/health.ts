import type { HealthData } from '@meridian/contract';
import type { Database } from '../db/database.ts';

export interface HealthDeps {
  database: Database;
  version: string;
  deploymentId: string;
  startedAt: Date;
  now?: () => Date;
  /** The market's index feed: up while it ticks, with its source as the detail. */
  market?: () => { status: 'up' | 'down'; detail: string };
}

/**
 * Reports what is running. The broker is reported `disabled` until a capability
 * registers it; the market reports whether its index feed ticked recently and names the
 * source (`simulated` or `ccxt:<exchange>`); the database is pinged on every call.
 */
export function createHealthService(deps: HealthDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    async check(): Promise<HealthData> {
      let database: HealthData['components']['database'];
      try {
        await deps.database.ping();
        database = { status: 'up', driver: deps.database.driver };
      } catch {
        database = { status: 'down', driver: deps.database.driver };
      }
      return {
        status: database.status === 'up' ? 'ok' : 'degraded',
        version: deps.version,
        deploymentId: deps.deploymentId,
        startedAt: deps.startedAt.toISOString(),
        uptimeSeconds: Math.max(0, Math.floor((now().getTime() - deps.startedAt.getTime()) / 1000)),
        components: {
          database,
          broker: { status: 'disabled' },
          market: deps.market ? deps.market() : { status: 'disabled' },
        },
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
