import type { Selectable } from 'kysely';
import type { Clock } from '../../kernel/clock.ts';
import { addSeconds, iso } from '../../kernel/clock.ts';
import { newId, randomToken, sameHash, sha256Hex } from '../../kernel/secrets.ts';
import type { SessionPrincipal } from './sessions.ts';
import type { ApiKeysTable, IdentityDb } from './tables.ts';
import { AppError } from '../../kernel/errors.ts';

export type ApiKeyScope = 'read' | 'trade' | 'withdraw';

function present(row: Selectable<ApiKeysTable>) {
  return {
    id: row.id,
    label: row.label,
    apiKey: row.api_key,
    scopes: row.scopes.split(',').filter(Boolean) as ApiKeyScope[],
    ipAllowlist: JSON.parse(row.ip_allowlist) as string[],
    expiresAt: row.expires_at,
    createTime: row.created_at,
    lastUsedTime: row.last_used_at,
  };
}

/**
 * API keys: the secret is shown once and only its SHA-256 is kept (it is 32 random bytes,
 * so a fast hash is enough). Withdraw is never granted unless asked for explicitly.
 */
export function createApiKeyService(db: IdentityDb, clock: Clock) {
  return {
    async list(principal: SessionPrincipal) {
      const rows = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('user_id', '=', principal.userId)
        .where('deleted_at', 'is', null)
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map(present);
    },

    async create(
      principal: SessionPrincipal,
      input: {
        label: string;
        scopes: ApiKeyScope[];
        ipAllowlist: string[];
        expiresInDays: number | null;
      },
    ) {
      const now = clock.now();
      const secret = randomToken();
      const row = {
        id: newId(),
        user_id: principal.userId,
        label: input.label,
        api_key: `mk_${randomToken(18)}`,
        secret_hash: sha256Hex(secret),
        scopes: [...new Set(input.scopes)].sort().join(','),
        ip_allowlist: JSON.stringify([...new Set(input.ipAllowlist)]),
        expires_at: input.expiresInDays ? iso(addSeconds(now, input.expiresInDays * 86400)) : null,
        created_at: iso(now),
        last_used_at: null,
        deleted_at: null,
      };
      await db.insertInto('api_keys').values(row).execute();
      return { ...present(row), secret };
    },

    async remove(principal: SessionPrincipal, id: string) {
      const result = await db
        .updateTable('api_keys')
        .set({ deleted_at: iso(clock.now()) })
        .where('id', '=', id)
        .where('user_id', '=', principal.userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) throw new AppError('notFound');
    },

    /** Resolves a key and secret to its owner when live, allowed from this IP, and scoped. */
    async authenticate(apiKey: string, secret: string, ip: string, scope: ApiKeyScope) {
      const row = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('api_key', '=', apiKey)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row || !sameHash(row.secret_hash, sha256Hex(secret))) return null;
      const now = iso(clock.now());
      if (row.expires_at && row.expires_at <= now) return null;
      const allow = JSON.parse(row.ip_allowlist) as string[];
      if (allow.length > 0 && !allow.some((entry) => ipMatches(entry, ip))) return null;
      if (!row.scopes.split(',').includes(scope)) return null;
      await db
        .updateTable('api_keys')
        .set({ last_used_at: now })
        .where('id', '=', row.id)
        .execute();
      return { userId: row.user_id, keyId: row.id };
    },
  };
}

/** An exact address, or an IPv4 CIDR block. */
export function ipMatches(entry: string, ip: string): boolean {
  const address = ip.replace(/^::ffff:/, '');
  if (!entry.includes('/')) return entry === address;
  const [base = '', bitsText = '32'] = entry.split('/');
  const toInt = (text: string) =>
    text.split('.').reduce((acc, part) => (acc << 8) + Number.parseInt(part, 10), 0) >>> 0;
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(base) || !/^\d+\.\d+\.\d+\.\d+$/.test(address)) return false;
  const bits = Number.parseInt(bitsText, 10);
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (toInt(base) & mask) === (toInt(address) & mask);
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
