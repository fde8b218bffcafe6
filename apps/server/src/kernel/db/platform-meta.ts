import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { KernelTables } from './schema.ts';

export interface DeploymentFacts {
  deploymentId: string;
  createdAt: string;
}

/**
 * Reads the deployment's id and creation time, writing them on the very first start.
 * Two nodes starting at once on one PostgreSQL both end up with the first writer's facts.
 */
export async function ensureDeploymentFacts(db: Kysely<KernelTables>): Promise<DeploymentFacts> {
  const fresh: DeploymentFacts = {
    deploymentId: randomUUID(),
    createdAt: new Date().toISOString(),
  };
  await db
    .insertInto('platform_meta')
    .values([
      { key: 'deployment_id', value: fresh.deploymentId },
      { key: 'created_at', value: fresh.createdAt },
    ])
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const rows = await db
    .selectFrom('platform_meta')
    .select(['key', 'value'])
    .where('key', 'in', ['deployment_id', 'created_at'])
    .execute();
  const get = (key: string) => rows.find((r) => r.key === key)?.value;
  return {
    deploymentId: get('deployment_id') ?? fresh.deploymentId,
    createdAt: get('created_at') ?? fresh.createdAt,
  };
}
