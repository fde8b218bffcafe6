import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { ensureDeploymentFacts } from '../src/db/platform-meta.ts';
import { testDatabases, type TestDatabase } from './helpers.ts';

describe.each(testDatabases())('persistence on $name', ({ create }) => {
  let current: TestDatabase | undefined;
  afterEach(async () => {
    await current?.dispose();
    current = undefined;
  });

  it('applies every migration once, and a second start applies none', async () => {
    current = await create();
    const first = current.open();
    expect(await migrateToLatest(first.db)).toEqual(Object.keys(migrations));
    await first.close();
    const second = current.open();
    expect(await migrateToLatest(second.db)).toEqual([]);
    await second.ping();
    await second.close();
  });

  it('keeps the deployment id across restarts', async () => {
    current = await create();
    const first = current.open();
    await migrateToLatest(first.db);
    const facts = await ensureDeploymentFacts(first.db);
    expect(facts.deploymentId).toMatch(/^[0-9a-f-]{36}$/);
    await first.close();

    const second = current.open();
    expect(await ensureDeploymentFacts(second.db)).toEqual(facts);
    await second.close();
  });
});
