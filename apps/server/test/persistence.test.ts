import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../src/migrations.ts';
import { ensureDeploymentFacts } from '../src/kernel/db/platform-meta.ts';
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

  it('marks older stop-limit orders that did not trigger when adding the triggered column', async () => {
    current = await create();
    const database = current.open();
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrations },
    });
    expect((await migrator.migrateTo('0005_idempotency')).error).toBeUndefined();
    const row = (id: number, kind: string, status: string, filledLots: number) => ({
      id,
      market: 'btcusdt',
      user_id: 'u1',
      side: 'buy',
      kind,
      tif: 'GTC',
      price: '60000',
      quantity: '0.01',
      quote_amount: null,
      stop_price: kind === 'stop_limit' ? '61000' : null,
      filled: filledLots > 0 ? '0.01' : '0',
      filled_lots: filledLots,
      status,
      cancel_reason: status === 'cancelled' ? 'user' : null,
      created_at: 1,
      updated_at: 1,
    });
    // Written before the column existed: the insert has no `triggered`.
    await database.db
      .insertInto('trade_orders')
      .values([
        row(1, 'stop_limit', 'waiting', 0),
        row(2, 'stop_limit', 'cancelled', 0),
        row(3, 'stop_limit', 'filled', 100),
        row(4, 'stop_limit', 'open', 0),
        row(5, 'limit', 'cancelled', 0),
      ])
      .execute();
    expect(await migrateToLatest(database.db)).toContain('0006_order_triggered');
    const rows = await database.db
      .selectFrom('trade_orders')
      .select(['id', 'triggered'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [Number(r.id), Number(r.triggered)])).toEqual([
      [1, 0],
      [2, 0],
      [3, 1],
      [4, 1],
      [5, 1],
    ]);
    await database.close();
  });
});
