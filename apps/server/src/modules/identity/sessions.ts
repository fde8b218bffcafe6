import type { SessionPrincipal } from '../../kernel/sessions.ts';
import type { Cluster } from '../../kernel/cluster/cluster.ts';
import type { IdentityDb } from './tables.ts';
import { AppError } from '../../kernel/errors.ts';
import { addSeconds, iso, type Clock } from '../../kernel/clock.ts';
import { newId, randomToken, sha256Hex } from '../../kernel/secrets.ts';

/**
 * The client refreshes once a token is 7 days old (seed section 9), so an access token
 * lives a little longer than that; a refresh token lasts 30 days and rotates on use.
 */
export const ACCESS_TOKEN_SECONDS = 8 * 24 * 3600;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;
/** Session ids per liveness query: well under every driver's bound-parameter limit. */
const LIVE_CHECK_CHUNK = 500;

export interface IssuedTokens {
  token: string;
  refreshToken: string;
  issuedAt: string;
  expiresAt: string;
  refreshExpiresAt: string;
}

export type { SessionPrincipal };

/** Live sessions kept in memory; the oldest entry goes first when full. */
const CACHE_LIMIT = 50_000;
/**
 * With other processes revoking sessions too, how long one is answered from memory. A
 * revocation reaches every process at once through the cluster; this bounds the harm of
 * a message that never arrived (a publish that failed on a Redis that went down).
 */
const SHARED_CACHE_MS = 10_000;

interface CachedSession {
  principal: SessionPrincipal;
  expiresAt: string;
  /** Past this (clock milliseconds) the row is read again. */
  freshUntil: number;
}

/** Which sessions a revocation ends: what every process evicts from its memory. */
interface Revocation {
  column: 'id' | 'user_id' | 'device_id';
  value: string;
  exceptSessionId?: string;
}

const FIELD = { id: 'sessionId', user_id: 'userId', device_id: 'deviceId' } as const;

export function createSessionService(
  db: IdentityDb,
  clock: Clock,
  cluster: Pick<Cluster, 'redis' | 'publish' | 'subscribe' | 'onGap' | 'listening'>,
) {
  // Every authenticated call would otherwise read its session row. Every change below
  // evicts what it affects before it returns, here and, through the cluster, in every
  // other process of the deployment, so a revoked or rotated token stops working at once.
  const cache = new Map<string, CachedSession>();
  const cacheMs = cluster.redis ? SHARED_CACHE_MS : Infinity;
  // Bumped by every eviction: a lookup that overlapped one may have read a row that is
  // already revoked, so it is answered but not cached.
  let generation = 0;
  const revoked: Array<() => void> = [];
  const announce = () => {
    for (const listener of revoked) listener();
  };

  function evict({ column, value, exceptSessionId }: Revocation): void {
    generation++;
    for (const [hash, entry] of cache) {
      const p = entry.principal;
      if (p[FIELD[column]] === value && p.sessionId !== exceptSessionId) cache.delete(hash);
    }
  }

  // Another process revoked or rotated sessions: forget them here, and let the sockets
  // and MQTT clients of this process ask again at once.
  cluster.subscribe('sessions-revoked', (message) => {
    evict(JSON.parse(message) as Revocation);
    announce();
  });
  cluster.onGap(() => {
    generation++;
    cache.clear();
    announce();
  });

  /** Tells the other processes; the change is in the database whether or not this works. */
  async function tellOthers(revocation: Revocation): Promise<void> {
    await cluster.publish('sessions-revoked', JSON.stringify(revocation));
  }

  function mint(): { tokens: IssuedTokens; accessHash: string; refreshHash: string } {
    const now = clock.now();
    const token = randomToken();
    const refreshToken = randomToken();
    return {
      tokens: {
        token,
        refreshToken,
        issuedAt: iso(now),
        expiresAt: iso(addSeconds(now, ACCESS_TOKEN_SECONDS)),
        refreshExpiresAt: iso(addSeconds(now, REFRESH_TOKEN_SECONDS)),
      },
      accessHash: sha256Hex(token),
      refreshHash: sha256Hex(refreshToken),
    };
  }

  async function revokeWhere(
    column: Revocation['column'],
    value: string,
    reason: string,
    exceptSessionId?: string,
  ): Promise<void> {
    const revocation: Revocation = {
      column,
      value,
      ...(exceptSessionId ? { exceptSessionId } : {}),
    };
    evict(revocation);
    let query = db
      .updateTable('sessions')
      .set({ revoked_at: iso(clock.now()), revoked_reason: reason })
      .where(column, '=', value)
      .where('revoked_at', 'is', null);
    if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
    await query.execute();
    // Again: a lookup may have cached the session while the update was on its way.
    evict(revocation);
    await tellOthers(revocation);
    announce();
  }

  return {
    onRevoked(listener: () => void): void {
      revoked.push(listener);
    },

    async open(userId: string, deviceId: string): Promise<IssuedTokens> {
      const { tokens, accessHash, refreshHash } = mint();
      await db
        .insertInto('sessions')
        .values({
          id: newId(),
          user_id: userId,
          device_id: deviceId,
          access_hash: accessHash,
          refresh_hash: refreshHash,
          issued_at: tokens.issuedAt,
          access_expires_at: tokens.expiresAt,
          refresh_expires_at: tokens.refreshExpiresAt,
          created_at: tokens.issuedAt,
          revoked_at: null,
          revoked_reason: null,
        })
        .execute();
      return tokens;
    },

    /** The live session behind an access token, or null when it is unknown, expired or revoked. */
    async authenticate(token: string): Promise<SessionPrincipal | null> {
      const hash = sha256Hex(token);
      const now = clock.now();
      const nowIso = iso(now);
      // While other processes' revocations may not reach this one, memory cannot be trusted.
      const trusted = cluster.listening();
      const cached = trusted ? cache.get(hash) : undefined;
      if (cached && cached.freshUntil > now.getTime()) {
        if (cached.expiresAt > nowIso) return cached.principal;
        cache.delete(hash);
        return null;
      }
      const seen = generation;
      const row = await db
        .selectFrom('sessions')
        .select(['id', 'user_id', 'device_id', 'access_expires_at', 'revoked_at'])
        .where('access_hash', '=', hash)
        .executeTakeFirst();
      if (!row || row.revoked_at || row.access_expires_at <= nowIso) {
        cache.delete(hash);
        return null;
      }
      const principal = { userId: row.user_id, sessionId: row.id, deviceId: row.device_id };
      if (trusted && seen === generation) {
        cache.delete(hash);
        if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
        cache.set(hash, {
          principal,
          expiresAt: row.access_expires_at,
          freshUntil: now.getTime() + cacheMs,
        });
      }
      return principal;
    },

    /**
     * Which of these sessions are still live (not revoked, current access token not
     * expired). Long-lived connections check by session rather than by token, so a
     * token refresh (same session, new token) keeps them open while a logout does not.
     */
    async liveSessions(ids: readonly string[]): Promise<Set<string>> {
      const live = new Set<string>();
      const now = iso(clock.now());
      for (let i = 0; i < ids.length; i += LIVE_CHECK_CHUNK) {
        const rows = await db
          .selectFrom('sessions')
          .select('id')
          .where('id', 'in', ids.slice(i, i + LIVE_CHECK_CHUNK))
          .where('revoked_at', 'is', null)
          .where('access_expires_at', '>', now)
          .execute();
        for (const row of rows) live.add(row.id);
      }
      return live;
    },

    /**
     * Rotates both tokens. A refresh token that was already rotated away is proof that
     * someone else holds it: the whole session is revoked and both parties must log in.
     */
    async refresh(refreshToken: string): Promise<IssuedTokens> {
      const hash = sha256Hex(refreshToken);
      const now = iso(clock.now());
      const row = await db
        .selectFrom('sessions')
        .select(['id', 'refresh_expires_at', 'revoked_at'])
        .where('refresh_hash', '=', hash)
        .executeTakeFirst();
      if (!row) {
        const spent = await db
          .selectFrom('spent_refresh_tokens')
          .select('session_id')
          .where('hash', '=', hash)
          .executeTakeFirst();
        if (spent) await revokeWhere('id', spent.session_id, 'refresh-reuse');
        throw new AppError('unauthorized', 'invalidToken');
      }
      if (row.revoked_at || row.refresh_expires_at <= now) {
        throw new AppError('unauthorized', 'invalidToken');
      }
      const { tokens, accessHash, refreshHash } = mint();
      // The old access token dies with the rotation.
      const rotation: Revocation = { column: 'id', value: row.id };
      evict(rotation);
      const rotated = await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('sessions')
          .set({
            access_hash: accessHash,
            refresh_hash: refreshHash,
            issued_at: tokens.issuedAt,
            access_expires_at: tokens.expiresAt,
            refresh_expires_at: tokens.refreshExpiresAt,
          })
          .where('id', '=', row.id)
          .where('refresh_hash', '=', hash)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (result.numUpdatedRows !== 1n) return false;
        await trx
          .insertInto('spent_refresh_tokens')
          .values({ hash, session_id: row.id, spent_at: now })
          .execute();
        return true;
      });
      evict(rotation);
      if (!rotated) throw new AppError('unauthorized', 'invalidToken');
      // Other processes may still hold the old access token: it dies there too.
      await tellOthers(rotation);
      return tokens;
    },

    revokeSession: (sessionId: string, reason: string) => revokeWhere('id', sessionId, reason),
    revokeDevice: (deviceId: string, reason: string) => revokeWhere('device_id', deviceId, reason),
    revokeUser: (userId: string, reason: string, exceptSessionId?: string) =>
      revokeWhere('user_id', userId, reason, exceptSessionId),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
