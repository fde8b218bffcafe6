import type { HealthData } from '@meridian/contract';
import type { Database } from '../db/database.ts';

export interface HealthDeps {
  database: Database;
  version: string;
  deploymentId: string;
  startedAt: Date;
  now?: () => Date;
}

/**
 * Reports what is running. The broker and the market simulator are reported `disabled`
 * until a capability registers them; the database is pinged on every call.
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
          market: { status: 'disabled' },
        },
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
