import { createCipheriv, createDecipheriv, createPublicKey, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Selectable } from 'kysely';
import type { Clock } from '../../kernel/clock.ts';
import { addSeconds, iso } from '../../kernel/clock.ts';
import { newId, randomToken, sha256Hex } from '../../kernel/secrets.ts';
import type { KeyAuthority, SigningKey } from '../../kernel/http/signed-request.ts';
import type { SessionPrincipal } from './sessions.ts';
import type { ApiKeysTable, IdentityDb } from './tables.ts';
import { AppError } from '../../kernel/errors.ts';

export type ApiKeyScope = 'read' | 'trade' | 'withdraw';

function present(row: Selectable<ApiKeysTable>) {
  return {
    id: row.id,
    label: row.label,
    apiKey: row.api_key,
    algorithm: row.algorithm,
    scopes: row.scopes.split(',').filter(Boolean) as ApiKeyScope[],
    ipAllowlist: JSON.parse(row.ip_allowlist) as string[],
    expiresAt: row.expires_at,
    createTime: row.created_at,
    lastUsedTime: row.last_used_at,
  };
}

/** `last used` is written at most this often per key, not on every signed request. */
const LAST_USED_STEP_MS = 60_000;

/**
 * An uploaded Ed25519 public key as PEM: a PEM block (SPKI) or the 32 raw bytes in base64
 * or hex. Anything else, or another key type, is refused.
 */
export function ed25519PublicKeyPem(text: string): string | null {
  try {
    const trimmed = text.trim();
    let key;
    if (trimmed.startsWith('-----BEGIN')) key = createPublicKey(trimmed);
    else {
      const raw = /^[0-9a-fA-F]{64}$/.test(trimmed)
        ? Buffer.from(trimmed, 'hex')
        : Buffer.from(trimmed, 'base64');
      if (raw.length !== 32) return null;
      key = createPublicKey({
        key: Buffer.concat([ED25519_SPKI_PREFIX, raw]),
        format: 'der',
        type: 'spki',
      });
    }
    if (key.asymmetricKeyType !== 'ed25519') return null;
    return key.export({ type: 'spki', format: 'pem' }).toString();
  } catch {
    return null;
  }
}

/** The DER header of an Ed25519 SubjectPublicKeyInfo; the 32 key bytes follow it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * HMAC secrets are sealed with AES-256-GCM under the server's key (API_KEY_ENCRYPTION_KEY),
 * the key's id as associated data, so a sealed secret moved to another row does not open.
 */
export function sealSecret(serverKey: Buffer, keyId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', serverKey, iv);
  cipher.setAAD(Buffer.from(keyId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${iv.toString('base64')}.${cipher.getAuthTag().toString('base64')}.${body.toString('base64')}`;
}

export function openSecret(serverKey: Buffer, keyId: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', serverKey, Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(keyId));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/**
 * The server's key for HMAC secrets: API_KEY_ENCRYPTION_KEY; in demo mode without it, one
 * generated once and kept in the data directory (said in the log). Elsewhere, without it,
 * only Ed25519 keys can be made.
 */
export function loadEncryptionKey(
  config: { demoMode: boolean; dataDir: string; apiKeys: { encryptionKey: Buffer | null } },
  log: { warn(message: string): void },
): Buffer | null {
  if (config.apiKeys.encryptionKey) return config.apiKeys.encryptionKey;
  if (!config.demoMode) return null;
  const file = path.join(config.dataDir, 'api-key-encryption.key');
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  const key = randomBytes(32);
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  log.warn(
    `demo mode: generated an API-key encryption key in ${file}; set API_KEY_ENCRYPTION_KEY in production`,
  );
  return key;
}

/**
 * API keys. An HMAC key's secret is shown once; the server keeps it sealed under its own
 * key (it needs the secret to check signatures) and its SHA-256. An Ed25519 key is the
 * user's public key: the server never sees the private one. Withdraw is never granted
 * unless asked for explicitly, and only with an IP allow list.
 */
export function createApiKeyService(db: IdentityDb, clock: Clock, serverKey: Buffer | null) {
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
        publicKey?: string | undefined;
      },
    ) {
      const now = clock.now();
      const id = newId();
      const ipAllowlist = [...new Set(input.ipAllowlist)];
      if (input.scopes.includes('withdraw') && ipAllowlist.length === 0) {
        throw new AppError('validation', 'apiKeyWithdrawNeedsIp', {}, 'ipAllowlist');
      }
      let publicKey: string | null = null;
      let secret: string | null = null;
      if (input.publicKey !== undefined) {
        publicKey = ed25519PublicKeyPem(input.publicKey);
        if (!publicKey) throw new AppError('validation', 'apiKeyPublicKey', {}, 'publicKey');
      } else {
        if (!serverKey) throw new AppError('failure', 'apiKeyHmacUnavailable');
        secret = randomToken();
      }
      const row = {
        id,
        user_id: principal.userId,
        label: input.label,
        api_key: `mk_${randomToken(18)}`,
        secret_hash: sha256Hex(secret ?? publicKey!),
        secret_sealed: secret ? sealSecret(serverKey!, id, secret) : null,
        public_key: publicKey,
        algorithm: publicKey ? ('ed25519' as const) : ('hmac-sha256' as const),
        scopes: [...new Set(input.scopes)].sort().join(','),
        ip_allowlist: JSON.stringify(ipAllowlist),
        expires_at: input.expiresInDays ? iso(addSeconds(now, input.expiresInDays * 86400)) : null,
        created_at: iso(now),
        last_used_at: null,
        deleted_at: null,
        deleted_reason: null,
      };
      await db.insertInto('api_keys').values(row).execute();
      return { ...present(row), secret };
    },

    async remove(principal: SessionPrincipal, id: string) {
      const result = await db
        .updateTable('api_keys')
        .set({ deleted_at: iso(clock.now()), deleted_reason: 'deleted' })
        .where('id', '=', id)
        .where('user_id', '=', principal.userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) throw new AppError('notFound');
    },

    /** What signed requests ask: a live key and how to check its signatures. */
    authority(): KeyAuthority {
      // When this process last wrote each key's last-used time: a key signing thousands of
      // requests a minute costs one write a minute, not one per request.
      const lastWritten = new Map<string, number>();
      return {
        async lookup(apiKey: string): Promise<SigningKey | null> {
          const row = await db
            .selectFrom('api_keys')
            .selectAll()
            .where('api_key', '=', apiKey)
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
          if (!row) return null;
          const material =
            row.algorithm === 'ed25519'
              ? row.public_key
              : serverKey && row.secret_sealed
                ? openSecret(serverKey, row.id, row.secret_sealed)
                : null;
          // A key made before signing existed (no sealed secret) cannot sign.
          if (!material) return null;
          return {
            keyId: row.id,
            userId: row.user_id,
            algorithm: row.algorithm,
            material,
            scopes: row.scopes.split(',').filter(Boolean) as ApiKeyScope[],
            ipAllowlist: JSON.parse(row.ip_allowlist) as string[],
            expiresAt: row.expires_at,
          };
        },
        async used(keyId: string) {
          const now = clock.now();
          const written = lastWritten.get(keyId);
          if (written !== undefined && now.getTime() - written < LAST_USED_STEP_MS) return;
          if (lastWritten.size >= 100_000) lastWritten.clear();
          lastWritten.set(keyId, now.getTime());
          await db
            .updateTable('api_keys')
            .set({ last_used_at: iso(now) })
            .where('id', '=', keyId)
            .where((eb) =>
              eb.or([
                eb('last_used_at', 'is', null),
                eb('last_used_at', '<=', iso(new Date(now.getTime() - LAST_USED_STEP_MS))),
              ]),
            )
            .execute();
        },
        ipAllowed: (allowlist, ip) => allowlist.some((entry) => ipMatches(entry, ip)),
        async liveKeys(keyIds) {
          if (keyIds.length === 0) return new Set();
          const now = iso(clock.now());
          const rows = await db
            .selectFrom('api_keys')
            .select('id')
            .where('id', 'in', [...keyIds])
            .where('deleted_at', 'is', null)
            .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
            .execute();
          return new Set(rows.map((r) => r.id));
        },
      };
    },
  };
}

/**
 * A password change or reset ends every session and every API key of the user: whoever
 * learnt the old password may have made a key with it. Logging out does not touch keys.
 */
export async function disableApiKeys(
  db: IdentityDb,
  userId: string,
  at: string,
  reason: string,
): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ deleted_at: at, deleted_reason: reason })
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
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
