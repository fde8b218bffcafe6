import type { HealthData, StorageHealth } from '@meridian/contract';
import type { Database } from '../../kernel/db/database.ts';

import type { ComponentHealth, ComponentProbe, ProbedComponent } from '../../kernel/module.ts';

export interface HealthDeps {
  database: Database;
  version: string;
  deploymentId: string;
  startedAt: Date;
  engine: { store: 'file' | 'postgres'; leads: boolean; seq: () => number };
  now?: () => Date;
  /** The broker and the market feed report themselves once they run. */
  probes?: Partial<Record<ProbedComponent, ComponentProbe>>;
  /** The last measure of the data on disk (housekeeping); never measured per call. */
  storage?: () => StorageHealth | undefined;
}

async function probe(check: ComponentProbe | undefined): Promise<ComponentHealth> {
  if (!check) return { status: 'disabled' };
  try {
    return await check();
  } catch (error) {
    return { status: 'down', detail: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Reports what is running. The broker and the market are `disabled` unless a probe is
 * supplied for them; the database is pinged on every call. Any component down makes
 * the platform `degraded`.
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
      const [broker, market] = await Promise.all([
        probe(deps.probes?.broker),
        probe(deps.probes?.market),
      ]);
      const down = [database, broker, market].some((c) => c.status === 'down');
      const storage = deps.storage?.();
      return {
        status: down ? 'degraded' : 'ok',
        version: deps.version,
        deploymentId: deps.deploymentId,
        startedAt: deps.startedAt.toISOString(),
        uptimeSeconds: Math.max(0, Math.floor((now().getTime() - deps.startedAt.getTime()) / 1000)),
        engine: {
          store: deps.engine.store,
          role: deps.engine.leads ? 'leader' : 'replica',
          seq: deps.engine.seq(),
        },
        components: {
          database,
          broker,
          market,
        },
        ...(storage ? { storage } : {}),
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
