import type { Cluster } from './cluster.ts';

/**
 * Signed requests already accepted, until the window they were accepted in has passed:
 * a second arrival of the same signature is a replay.
 */
export interface ReplayMemory {
  /** False when this signature of this key was already accepted and has not expired. */
  admit(keyId: string, signature: string, until: number, now: number): boolean | Promise<boolean>;
  /**
   * Whether it remembers only what this process accepted since it started: then a request
   * signed before the start (seen, perhaps, by the process this one replaced) is refused.
   */
  readonly sinceStart: boolean;
}

/**
 * Signatures seen inside their window, one entry per key id + signature, kept in memory
 * until the window they were accepted in has passed. When full, the oldest entry goes first.
 */
export class ReplayGuard implements ReplayMemory {
  readonly sinceStart = true;
  private readonly seen = new Map<string, number>();

  constructor(private readonly limit = 200_000) {}

  admit(keyId: string, signature: string, until: number, now: number): boolean {
    for (const [entry, expiry] of this.seen) {
      if (expiry > now && this.seen.size < this.limit) break;
      this.seen.delete(entry);
    }
    const id = `${keyId}:${signature.toLowerCase()}`;
    const expiry = this.seen.get(id);
    if (expiry !== undefined && expiry > now) return false;
    this.seen.set(id, until);
    return true;
  }

  get size(): number {
    return this.seen.size;
  }
}

/**
 * The deployment's memory in Redis: one key per accepted signature, expiring with its
 * window, set only if absent, so of two processes given the same request at once exactly
 * one accepts it.
 */
export function sharedReplays(cluster: Pick<Cluster, 'redis' | 'keyPrefix'>): ReplayMemory {
  const redis = cluster.redis;
  if (!redis) return new ReplayGuard();
  return {
    sinceStart: false,
    async admit(keyId, signature, until, now) {
      const key = `${cluster.keyPrefix}replay:${keyId}:${signature.toLowerCase()}`;
      const set = await redis.set(key, '1', 'PX', Math.max(1, until - now), 'NX');
      return set === 'OK';
    },
  };
}
