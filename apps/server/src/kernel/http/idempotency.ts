import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { KernelTables } from '../db/schema.ts';
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

/**
 * Runs a money-moving call at most once per (user, key). The key is reserved before the
 * work starts, so a retry that races the first request is refused (409) rather than
 * placing a second order; a finished request's answer is stored and replayed. A request
 * that fails changed nothing, so its key is released and the client may retry with it.
 */
export function createIdempotency(db: Kysely<KernelTables>, now: () => number = Date.now) {
  return {
    async run<T>(
      user: string,
      key: string | undefined,
      call: string,
      work: () => Promise<T>,
    ): Promise<T> {
      if (key === undefined) return work();
      const reserved = await db
        .insertInto('idempotency_keys')
        .values({ user_id: user, key, call, response: null, created_at: now() })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .executeTakeFirst();
      if (Number(reserved.numInsertedOrUpdatedRows ?? 0n) === 0) {
        const first = await db
          .selectFrom('idempotency_keys')
          .select(['call', 'response'])
          .where('user_id', '=', user)
          .where('key', '=', key)
          .executeTakeFirstOrThrow();
        if (first.call !== call) throw new AppError('conflict', 'idempotencyReused');
        if (first.response === null) throw new AppError('conflict', 'idempotencyInProgress');
        return JSON.parse(first.response) as T;
      }
      const mine = db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', user)
        .where('key', '=', key);
      let result: T;
      try {
        result = await work();
      } catch (error) {
        await mine.execute();
        throw error;
      }
      await db
        .updateTable('idempotency_keys')
        .set({ response: JSON.stringify(result) })
        .where('user_id', '=', user)
        .where('key', '=', key)
        .execute();
      return result;
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
