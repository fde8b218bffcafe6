import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPlatform, type Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import { call, rememberPlatform, TestClock, trader } from '../../../../test/accounts-helpers.ts';
import { testConfig, testDatabases, type TestDatabase } from '../../../../test/helpers.ts';
import { signInOperator, type SignedInOperator } from '../../../../test/operator-helpers.ts';

// Where the database itself keeps the rules (the audit log's triggers, the admin lock,
// the conditional updates of dual control), each database the tests have is checked.
describe.each(testDatabases())('operators on $name', ({ create }) => {
  let current: TestDatabase | undefined;
  let database: Database | undefined;
  let platform: Platform | undefined;

  afterEach(async () => {
    await platform?.app.close();
    await database?.close();
    await current?.dispose();
    platform = undefined;
    database = undefined;
    current = undefined;
  });

  async function start() {
    current = await create();
    database = current.open();
    const clock = new TestClock();
    platform = rememberPlatform(
      await buildPlatform(testConfig({ DEMO_MODE: 'false', MARKET_MAKERS: 'false' }), {
        logger: false,
        database,
        clock,
      }),
    );
    await platform.app.ready();
    return { platform, clock };
  }

  const post = (p: Platform, who: SignedInOperator, url: string, body?: unknown) =>
    call(p.app, 'POST', url, body, who.headers);

  it('keeps an admin, posts an approval once, and refuses to edit the audit log', async () => {
    const { platform: p, clock } = await start();
    const [x, y] = await Promise.all([
      signInOperator(p, 'admin', { clock }),
      signInOperator(p, 'admin', { clock }),
    ]);
    const [a, b] = await Promise.all([
      post(p, x, `/api/ops/operators/${y.id}`, { disabled: true }),
      post(p, y, `/api/ops/operators/${x.id}`, { disabled: true }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const standing = a.status === 200 ? x : y;

    const [f1, f2] = await Promise.all([
      signInOperator(p, 'finance', { clock }),
      signInOperator(p, 'finance', { clock }),
    ]);
    const user = await trader(p, 'ops-db@example.org', { USDT: '10' });
    const proposed = await post(p, f1, '/api/ops/adjustments', {
      userId: user.id,
      asset: 'USDT',
      amount: '2.5',
      reason: 'Fee refund, ticket 7',
    });
    const [r1, r2] = await Promise.all([
      post(p, f2, `/api/ops/adjustments/${proposed.body.data.id}/approve`),
      post(p, standing, `/api/ops/adjustments/${proposed.body.data.id}/approve`),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    expect(p.engine.balance(user.id, 'USDT')!.available).toBe('12.5');

    const db = p.database.db;
    const rows = await db.selectFrom('audit_log').select('id').execute();
    expect(rows.length).toBeGreaterThan(5);
    await expect(sql`UPDATE audit_log SET reason = 'edited'`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_log`.execute(db)).rejects.toThrow(/append-only/);
    expect((await db.selectFrom('audit_log').select('id').execute()).length).toBe(rows.length);
  });
});
