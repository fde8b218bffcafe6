import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { KernelTables } from '../db/schema.ts';
import { localCluster, type Cluster } from '../cluster/cluster.ts';
import { AppError } from '../errors.ts';

const KEY = /^[\x21-\x7e]{1,128}$/;

/** The `Idempotency-Key` header, if the caller sent one; a malformed key is a 400. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || !KEY.test(key)) {
    throw new AppError('validation', 'validation', {}, 'Idempotency-Key');
  }
  return key;
}

/** A key is kept this long; after it, the same key starts a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600 * 1000;

export interface IdempotentOptions<T> {
  /**
   * For a key whose request died with the previous process (answer never stored): the
   * answer it would have had, if its work took effect (found through the journal), or
   * undefined when it never did, and then the request runs now.
   */
  recover?: () => Promise<T | undefined>;
}

/**
 * Runs a money-moving call at most once per (user, key). The key is reserved before the
 * work starts, so a retry that races the first request is refused (409) rather than
 * placing a second order; a finished request's answer is stored and replayed. A request
 * that fails changed nothing, so its key is released and the client may retry with it.
 * A key still in progress whose process is gone (a crash; with several API processes,
 * another one that died) belongs to a request that died with it: `recover` answers it.
 */
export function createIdempotency(
  db: Kysely<KernelTables>,
  now: () => number = Date.now,
  cluster: Pick<Cluster, 'processId' | 'alive'> = localCluster(),
) {
  const startedAt = now();
  // Rows from before owners were kept: running only if this process wrote them.
  const running = async (row: { owner: string | null; created_at: unknown }) =>
    row.owner === null ? Number(row.created_at) >= startedAt : cluster.alive(row.owner);
  const release = (user: string, key: string) =>
    db.deleteFrom('idempotency_keys').where('user_id', '=', user).where('key', '=', key);
  const store = (user: string, key: string, result: unknown) =>
    db
      .updateTable('idempotency_keys')
      .set({ response: JSON.stringify(result) })
      .where('user_id', '=', user)
      .where('key', '=', key)
      .execute();

  async function run<T>(
    user: string,
    key: string | undefined,
    call: string,
    work: () => Promise<T>,
    options: IdempotentOptions<T> = {},
  ): Promise<T> {
    if (key === undefined) return work();
    const reserved = await db
      .insertInto('idempotency_keys')
      .values({
        user_id: user,
        key,
        call,
        response: null,
        created_at: now(),
        owner: cluster.processId,
      })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(reserved.numInsertedOrUpdatedRows ?? 0n) === 0) {
      const first = await db
        .selectFrom('idempotency_keys')
        .select(['call', 'response', 'created_at', 'owner'])
        .where('user_id', '=', user)
        .where('key', '=', key)
        .executeTakeFirst();
      // Gone meanwhile (released by a failed first request, or purged): reserve again.
      if (!first) return run(user, key, call, work, options);
      const createdAt = Number(first.created_at);
      if (createdAt <= now() - IDEMPOTENCY_KEY_TTL_MS) {
        await release(user, key).where('created_at', '=', createdAt).execute();
        return run(user, key, call, work, options);
      }
      if (first.call !== call) throw new AppError('conflict', 'idempotencyReused');
      if (first.response !== null) return JSON.parse(first.response) as T;
      if (!options.recover || (await running(first))) {
        throw new AppError('conflict', 'idempotencyInProgress');
      }
      const recovered = await options.recover();
      if (recovered !== undefined) {
        await store(user, key, recovered);
        return recovered;
      }
      // Its work never took effect: the key is free for this request.
      await release(user, key).where('created_at', '=', createdAt).execute();
      return run(user, key, call, work, options);
    }
    let result: T;
    try {
      result = await work();
    } catch (error) {
      await release(user, key).execute();
      throw error;
    }
    await store(user, key, result);
    return result;
  }

  return {
    run,
    /** Deletes the keys past their time; how many. */
    async purge(): Promise<number> {
      const gone = await db
        .deleteFrom('idempotency_keys')
        .where('created_at', '<=', now() - IDEMPOTENCY_KEY_TTL_MS)
        .executeTakeFirst();
      return Number(gone.numDeletedRows);
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
