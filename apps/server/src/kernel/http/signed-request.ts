import { createHmac, createPublicKey, timingSafeEqual, verify } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import {
  canonicalPrefix,
  DEFAULT_RECV_WINDOW_MS,
  MAX_RECV_WINDOW_MS,
  SIGNED_HEADERS,
} from '@meridian/contract';
import { ReplayGuard, type ReplayMemory } from '../cluster/replay-memory.ts';
import { AppError } from '../errors.ts';

/** How far ahead of the server's clock a timestamp may be (the caller's clock skew). */
export const FUTURE_TOLERANCE_MS = 1_000;

export type KeyScope = 'read' | 'trade' | 'withdraw';

/** What the identity module tells about a key, for one request. */
export interface SigningKey {
  keyId: string;
  userId: string;
  algorithm: 'hmac-sha256' | 'ed25519';
  /** The HMAC secret (decrypted for this check) or the Ed25519 public key (PEM). */
  material: string;
  scopes: readonly KeyScope[];
  ipAllowlist: readonly string[];
  expiresAt: string | null;
  /**
   * One of the platform's own in-process clients (the demo market makers): held in memory
   * only, its private half never leaves the process, and it has no per-key request budget.
   */
  platform?: true;
}

/** The identity module answers these; the kernel does the checking. */
export interface KeyAuthority {
  /** A live (not deleted) key by its public id, or null. */
  lookup(apiKey: string): Promise<SigningKey | null>;
  /** Records a successful use (last used time). */
  used(keyId: string): Promise<void>;
  ipAllowed(allowlist: readonly string[], ip: string): boolean;
  /** Which of these keys still live (not deleted, not expired): sockets ask each heartbeat. */
  liveKeys(keyIds: readonly string[]): Promise<Set<string>>;
}

/** The canonical string's bytes: the contract's prefix, then the raw body as sent. */
export function canonicalString(parts: {
  timestamp: string;
  method: string;
  path: string;
  query: string;
  body: string | Buffer;
}): Buffer {
  const body = typeof parts.body === 'string' ? Buffer.from(parts.body, 'utf8') : parts.body;
  return Buffer.concat([Buffer.from(canonicalPrefix(parts), 'utf8'), body]);
}

/** HMAC-SHA256 of the canonical string, lower-case hex. */
export function hmacSignature(secret: string, canonical: Buffer): string {
  return createHmac('sha256', secret).update(canonical).digest('hex');
}

/**
 * Whether `signature` signs `canonical` with `key`: HMAC compared in constant time;
 * Ed25519 signatures are base64 (or hex) of the 64 signature bytes.
 */
export function signatureValid(key: SigningKey, canonical: Buffer, signature: string): boolean {
  if (key.algorithm === 'hmac-sha256') {
    if (!/^[0-9a-fA-F]{64}$/.test(signature)) return false;
    const expected = Buffer.from(hmacSignature(key.material, canonical), 'hex');
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  }
  const bytes = /^[0-9a-fA-F]{128}$/.test(signature)
    ? Buffer.from(signature, 'hex')
    : Buffer.from(signature, 'base64');
  if (bytes.length !== 64) return false;
  try {
    return verify(null, canonical, createPublicKey(key.material), bytes);
  } catch {
    return false;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Reads the whole body stream, refusing it as the parser would past `limit` bytes. */
async function readBody(payload: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    chunks.push(buffer);
    size += buffer.length;
    if (size > limit) {
      throw Object.assign(new Error('body too large'), {
        code: 'FST_ERR_CTP_BODY_TOO_LARGE',
        statusCode: 413,
      });
    }
  }
  return Buffer.concat(chunks);
}

export interface SignedAuthOptions {
  bodyLimit: number;
  /** Requests per minute per key, across every call. */
  perMinute: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Authenticates a signed API-key request to a `user` call needing `scope` (none: the
     * call is for sessions only) and returns the body stream to parse, rebuilt from the
     * bytes whose signature was checked.
     */
    requireSigned?: (
      request: FastifyRequest,
      reply: FastifyReply,
      payload: NodeJS.ReadableStream,
      scope: KeyScope | undefined,
    ) => Promise<NodeJS.ReadableStream>;
  }
}

/** Whether a request presents an API key (then it is judged as a signed request only). */
export function presentsApiKey(request: FastifyRequest): boolean {
  return request.headers[SIGNED_HEADERS.key] !== undefined;
}

/** What a signed request or a signed socket login presents, before anything is trusted. */
export interface SignedParts {
  apiKey: string;
  timestamp: string;
  recvWindow: string | undefined;
  signature: string;
  ip: string;
  /** The scope the call needs; undefined: the call is for sessions only. */
  scope: KeyScope | undefined;
  /** The canonical string's bytes, read only once the key is known and live. */
  canonical(): Promise<Buffer>;
}

/**
 * Checks a signed request's parts, in the order that tells an anonymous caller least:
 * header shapes, the time window, the key (live, not expired), the signature, a replay,
 * the address allow list, the scope. Answers the key, or throws its refusal.
 */
export function signatureChecker(
  authority: KeyAuthority,
  clock: Clock,
  replay: ReplayMemory = new ReplayGuard(),
) {
  // A memory of this process alone holds what it has seen since it started; a request
  // signed before that (seen, perhaps, by the process this one restarted or took over
  // from: a hot standby, README) could be a replay it cannot tell, so it is refused as
  // out of its window, and the client signs again.
  const startedAt = replay.sinceStart ? clock.now().getTime() : 0;
  return async function check(parts: SignedParts): Promise<SigningKey> {
    const { apiKey, signature } = parts;
    if (!apiKey || !/^\d{1,16}$/.test(parts.timestamp) || !signature) {
      throw new AppError('unauthorized', 'apiKeyHeaders');
    }
    const recvWindow =
      parts.recvWindow === undefined ? DEFAULT_RECV_WINDOW_MS : Number(parts.recvWindow);
    if (
      !/^\d{1,6}$/.test(parts.recvWindow ?? '0') ||
      recvWindow < 1 ||
      recvWindow > MAX_RECV_WINDOW_MS
    ) {
      throw new AppError('validation', 'apiKeyRecvWindow', { max: MAX_RECV_WINDOW_MS });
    }
    const timestamp = Number(parts.timestamp);
    const now = clock.now().getTime();
    if (
      timestamp < now - recvWindow ||
      timestamp < startedAt ||
      timestamp > now + FUTURE_TOLERANCE_MS
    ) {
      throw new AppError('unauthorized', 'apiKeyTimestamp', { serverTime: now });
    }
    const key = await authority.lookup(apiKey);
    if (!key) throw new AppError('unauthorized', 'apiKeyUnknown');
    if (key.expiresAt && key.expiresAt <= new Date(now).toISOString()) {
      throw new AppError('unauthorized', 'apiKeyExpired');
    }
    if (!signatureValid(key, await parts.canonical(), signature)) {
      throw new AppError('unauthorized', 'apiKeyBadSignature');
    }
    if (!(await replay.admit(key.keyId, signature, timestamp + recvWindow, now))) {
      throw new AppError('unauthorized', 'apiKeyReplay');
    }
    if (key.ipAllowlist.length > 0 && !authority.ipAllowed(key.ipAllowlist, parts.ip)) {
      throw new AppError('forbidden', 'apiKeyIp');
    }
    if (!parts.scope) throw new AppError('forbidden', 'apiKeySessionOnly');
    if (!key.scopes.includes(parts.scope)) {
      throw new AppError('forbidden', 'apiKeyScope', { scope: parts.scope });
    }
    if (parts.scope === 'withdraw' && key.ipAllowlist.length === 0) {
      throw new AppError('forbidden', 'apiKeyWithdrawNeedsIp');
    }
    return key;
  };
}

export type SignatureChecker = ReturnType<typeof signatureChecker>;

/**
 * Installs signed API-key authentication beside the session check: the same `user` calls,
 * the same principal (the key's owner), so every ownership rule applies unchanged.
 */
export function installSignedAuth(
  app: FastifyInstance,
  authority: KeyAuthority,
  check: SignatureChecker,
  options: SignedAuthOptions,
): void {
  const limiter = app.createRateLimit({
    max: options.perMinute,
    timeWindow: 60_000,
    allowList: (request: FastifyRequest) => request.principal?.platformKey === true,
    keyGenerator: (request: FastifyRequest) => `apikey:${request.principal?.apiKeyId ?? ''}`,
  });

  app.decorate(
    'requireSigned',
    async (
      request: FastifyRequest,
      reply: FastifyReply,
      payload: NodeJS.ReadableStream,
      scope: KeyScope | undefined,
    ) => {
      let body: Buffer = Buffer.alloc(0);
      const key = await check({
        apiKey: header(request, SIGNED_HEADERS.key) ?? '',
        timestamp: header(request, SIGNED_HEADERS.timestamp) ?? '',
        recvWindow: header(request, SIGNED_HEADERS.recvWindow),
        signature: header(request, SIGNED_HEADERS.signature) ?? '',
        ip: request.ip,
        scope,
        canonical: async () => {
          // Nothing is read before the caller is known: the body only for a live key.
          body = await readBody(payload, options.bodyLimit);
          const url = request.raw.url ?? request.url;
          const q = url.indexOf('?');
          return canonicalString({
            timestamp: header(request, SIGNED_HEADERS.timestamp) ?? '',
            method: request.method,
            path: q < 0 ? url : url.slice(0, q),
            query: q < 0 ? '' : url.slice(q + 1),
            body,
          });
        },
      });

      request.principal = {
        userId: key.userId,
        sessionId: `apikey:${key.keyId}`,
        deviceId: '',
        apiKeyId: key.keyId,
        ...(key.platform ? { platformKey: true } : {}),
      };
      const limit = await limiter(request);
      if (!limit.isAllowed) {
        reply.header('RateLimit-Limit', limit.max);
        reply.header('RateLimit-Remaining', limit.remaining);
        reply.header('RateLimit-Reset', limit.ttlInSeconds);
        if (limit.isExceeded) {
          reply.header('Retry-After', limit.ttlInSeconds);
          throw new AppError('rateLimited', 'apiKeyRateLimited', { seconds: limit.ttlInSeconds });
        }
      }
      await authority.used(key.keyId);

      const again = Readable.from([body]);
      (again as Readable & { receivedEncodedLength?: number }).receivedEncodedLength = body.length;
      return again;
    },
  );
}

export interface InstallableKeyAuthority extends KeyAuthority {
  install(real: KeyAuthority): void;
  /** A key of the platform's own client, valid until removed or the process ends. */
  addPlatformKey(apiKey: string, key: SigningKey): () => void;
}

/**
 * The kernel's key authority: the platform's own in-process keys, then whatever identity
 * installs (until then no user key is known).
 */
export function deferredKeyAuthority(): InstallableKeyAuthority {
  let real: KeyAuthority | null = null;
  const platform = new Map<string, SigningKey>();
  const platformIds = new Set<string>();
  return {
    install(authority) {
      real = authority;
    },
    addPlatformKey(apiKey, key) {
      platform.set(apiKey, { ...key, platform: true });
      platformIds.add(key.keyId);
      return () => {
        platform.delete(apiKey);
        platformIds.delete(key.keyId);
      };
    },
    lookup: async (apiKey) => platform.get(apiKey) ?? (real ? real.lookup(apiKey) : null),
    used: async (keyId) => {
      if (!platformIds.has(keyId)) await real?.used(keyId);
    },
    ipAllowed: (allowlist, ip) => (real ? real.ipAllowed(allowlist, ip) : false),
    liveKeys: async (keyIds) => {
      const live = real
        ? await real.liveKeys(keyIds.filter((id) => !platformIds.has(id)))
        : new Set<string>();
      for (const id of keyIds) if (platformIds.has(id)) live.add(id);
      return live;
    },
  };
}
