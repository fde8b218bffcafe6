import { afterEach, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/kernel/db/database.ts';
import { createIdempotency, IDEMPOTENCY_KEY_TTL_MS } from '../src/kernel/http/idempotency.ts';
import { migrateToLatest } from '../src/migrations.ts';
import { tempDir } from './helpers.ts';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function setUp() {
  database = openDatabase({ dataDir: tempDir() });
  await migrateToLatest(database.db);
  let now = 1_800_000_000_000;
  const clock = { advance: (ms: number) => (now += ms), now: () => now };
  return { idempotency: createIdempotency(database.db, clock.now), clock };
}

it('a key answers its first request for 24 hours, then starts a new one', async () => {
  const { idempotency, clock } = await setUp();
  let runs = 0;
  const work = async () => ({ order: ++runs });
  expect(await idempotency.run('u1', 'k', 'spot.place', work)).toEqual({ order: 1 });
  clock.advance(IDEMPOTENCY_KEY_TTL_MS - 1);
  expect(await idempotency.run('u1', 'k', 'spot.place', work)).toEqual({ order: 1 });
  clock.advance(1);
  expect(await idempotency.run('u1', 'k', 'spot.place', work)).toEqual({ order: 2 });
  expect(runs).toBe(2);
});

it('purges keys past their 24 hours and keeps the others', async () => {
  const { idempotency, clock } = await setUp();
  const work = async () => 'done';
  await idempotency.run('u1', 'old', 'spot.place', work);
  clock.advance(IDEMPOTENCY_KEY_TTL_MS / 2);
  await idempotency.run('u1', 'young', 'spot.place', work);
  clock.advance(IDEMPOTENCY_KEY_TTL_MS / 2);
  expect(await idempotency.purge()).toBe(1);
  const left = await database!.db.selectFrom('idempotency_keys').select('key').execute();
  expect(left).toEqual([{ key: 'young' }]);
});

it('a key left in progress by a dead process is answered by what its work did', async () => {
  const { clock } = await setUp();
  const db = database!.db;
  const crashed = createIdempotency(db, clock.now);
  // The first process reserved both keys, then died before storing either answer.
  const never = new Promise<never>(() => {});
  void crashed.run('u1', 'took-effect', 'spot.place', () => never);
  void crashed.run('u1', 'never-sequenced', 'spot.place', () => never);
  await new Promise((resolve) => setTimeout(resolve, 50));
  clock.advance(1_000);
  const restarted = createIdempotency(db, clock.now);
  const recover = (found: string | undefined) => async () => found;
  let ran = 0;
  const work = async () => `new ${++ran}`;
  expect(
    await restarted.run('u1', 'took-effect', 'spot.place', work, { recover: recover('order 7') }),
  ).toBe('order 7');
  expect(
    await restarted.run('u1', 'never-sequenced', 'spot.place', work, {
      recover: recover(undefined),
    }),
  ).toBe('new 1');
  // Both answers are stored now.
  expect(await restarted.run('u1', 'took-effect', 'spot.place', work)).toBe('order 7');
  expect(await restarted.run('u1', 'never-sequenced', 'spot.place', work)).toBe('new 1');
  // A key in progress in this process is still refused.
  void restarted.run('u1', 'busy', 'spot.place', () => never);
  await new Promise((resolve) => setTimeout(resolve, 50));
  await expect(restarted.run('u1', 'busy', 'spot.place', work)).rejects.toMatchObject({
    messageId: 'idempotencyInProgress',
  });
});
