import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../kernel/db/database.ts';
import { migrateToLatest } from '../../../migrations.ts';
import { TestClock } from '../../../../test/accounts-helpers.ts';
import { testDatabases } from '../../../../test/helpers.ts';
import { createLoginThrottle, LOCK_SECONDS, SOURCE_LIMIT } from '../login-throttle.ts';
import type { IdentityDb } from '../tables.ts';

// The counters must hold under parallel attempts on both databases: the conditional
// upsert is the only thing standing between a burst of guesses and the password check.
describe.each(testDatabases())('login throttle ($name)', (kind) => {
  let database: Database;
  let dispose: () => Promise<void>;
  const clock = new TestClock();

  beforeAll(async () => {
    const created = await kind.create();
    database = created.open();
    dispose = async () => {
      await database.close();
      await created.dispose();
    };
    await migrateToLatest(database.db);
  });
  afterAll(() => dispose());

  it('admits exactly the limit of 40 parallel attempts, then locks when they fail', async () => {
    const throttle = createLoginThrottle(database.db as unknown as IdentityDb, clock);
    const claims = await Promise.all(
      Array.from({ length: 40 }, () => throttle.claim('email::eve@example.org', '10.0.0.1')),
    );
    expect(claims.filter((c) => c.ok)).toHaveLength(SOURCE_LIMIT);
    await Promise.all(
      claims.filter((c) => c.ok).map(() => throttle.failed('email::eve@example.org', '10.0.0.1')),
    );
    expect(await throttle.claim('email::eve@example.org', '10.0.0.1')).toEqual({
      ok: false,
      minutes: LOCK_SECONDS / 60,
    });
    // Another source is untouched; the lock lifts after its time.
    expect(await throttle.claim('email::eve@example.org', '10.0.0.2')).toEqual({ ok: true });
    clock.advance(LOCK_SECONDS + 1);
    expect(await throttle.claim('email::eve@example.org', '10.0.0.1')).toEqual({ ok: true });
  });

  it('starts again after a success', async () => {
    const throttle = createLoginThrottle(database.db as unknown as IdentityDb, clock);
    for (let i = 0; i < SOURCE_LIMIT - 1; i++) {
      expect((await throttle.claim('account::fay', '10.0.0.3')).ok).toBe(true);
      await throttle.failed('account::fay', '10.0.0.3');
    }
    expect((await throttle.claim('account::fay', '10.0.0.3')).ok).toBe(true);
    await throttle.succeeded('account::fay', '10.0.0.3');
    for (let i = 0; i < SOURCE_LIMIT; i++) {
      expect((await throttle.claim('account::fay', '10.0.0.3')).ok).toBe(true);
    }
  });
});
