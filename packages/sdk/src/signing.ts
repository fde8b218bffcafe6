import { createHmac, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { canonicalPrefix, SIGNED_HEADERS } from '@meridian/contract';
import { userSocketPath, type UserSocketAuth } from '@meridian/contract/realtime';

/** An API key and how it signs: the HMAC secret shown once at creation, or an Ed25519 key. */
export type ApiKeyCredentials =
  { apiKey: string; secret: string } | { apiKey: string; privateKey: string | KeyObject };

/**
 * The headers of one signed request (README "Programmatic trading"): the key, the time,
 * the receive window and the signature over `timestamp\nMETHOD\npath\nquery\nbody`.
 */
export function signedHeaders(
  credentials: ApiKeyCredentials,
  request: { method: string; path: string; query: string; body: string },
  options: { now?: number; recvWindow?: number } = {},
): Record<string, string> {
  const timestamp = String(options.now ?? Date.now());
  const canonical = Buffer.concat([
    Buffer.from(canonicalPrefix({ timestamp, ...request }), 'utf8'),
    Buffer.from(request.body, 'utf8'),
  ]);
  const signature =
    'secret' in credentials
      ? createHmac('sha256', credentials.secret).update(canonical).digest('hex')
      : sign(null, canonical, privateKeyOf(credentials.privateKey)).toString('base64');
  return {
    [SIGNED_HEADERS.key]: credentials.apiKey,
    [SIGNED_HEADERS.timestamp]: timestamp,
    ...(options.recvWindow !== undefined
      ? { [SIGNED_HEADERS.recvWindow]: String(options.recvWindow) }
      : {}),
    [SIGNED_HEADERS.signature]: signature,
  };
}

function privateKeyOf(key: string | KeyObject): KeyObject {
  return typeof key === 'string' ? createPrivateKey(key) : key;
}

/**
 * A user socket login with an API key, signed as the request `GET /ws/coin/{userId}` with
 * no query and an empty body. Make a new one for each connection: the server refuses a
 * replayed or stale signature.
 */
export function socketLogin(
  credentials: ApiKeyCredentials,
  userId: string,
  options: { now?: number; recvWindow?: number } = {},
): UserSocketAuth {
  const headers = signedHeaders(
    credentials,
    { method: 'GET', path: userSocketPath(userId), query: '', body: '' },
    options,
  );
  const recvWindow = headers[SIGNED_HEADERS.recvWindow];
  return {
    op: 'auth',
    apiKey: credentials.apiKey,
    timestamp: headers[SIGNED_HEADERS.timestamp]!,
    ...(recvWindow !== undefined ? { recvWindow } : {}),
    signature: headers[SIGNED_HEADERS.signature]!,
  };
}
