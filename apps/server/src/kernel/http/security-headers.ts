import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DOCS_PATH } from './docs.ts';

/** What the web app's policy needs from the configuration: origins it may talk to. */
export interface SecurityHeadersConfig {
  /** `API_ROOT`: empty when the API is on this origin. */
  apiRoot: string;
  /** `SOCKET_URL`: empty when the sockets are on this origin. */
  socketUrl: string;
}

/**
 * Headers every response carries. `frame-ancestors 'none'` and `X-Frame-Options` both:
 * the first for current browsers, the second for those that ignore it.
 */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Nothing of the platform uses these; identity checks by camera would reopen `camera`.
  'permissions-policy': [
    'accelerometer=()',
    'autoplay=()',
    'camera=()',
    'display-capture=()',
    'geolocation=()',
    'gyroscope=()',
    'hid=()',
    'magnetometer=()',
    'microphone=()',
    'midi=()',
    'payment=()',
    'serial=()',
    'usb=()',
    'xr-spatial-tracking=()',
  ].join(', '),
};

/** Sent only over TLS (the socket's own, or a trusted proxy's `X-Forwarded-Proto`). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** JSON answers are never a document: nothing may load or run in one. */
export const API_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Swagger UI at `/api/docs` loads its scripts as files (no inline script) but styles its
 * elements inline and draws its icons as `data:` images. It fetches only this origin.
 */
export const DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A host name (or IPv6 literal) with an optional port: anything else stays out of a header. */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function originOf(url: string): string | null {
  if (url === '') return null;
  try {
    const parsed = new URL(url);
    return /^(https?|wss?):$/.test(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The web app's policy. Scripts only from this origin, never inline (the runtime
 * configuration is the script `/platform/dev/config.js`); styles may be inline because
 * antd writes its theme as `<style>` elements and React sets `style` attributes. The
 * sockets are named explicitly: `'self'` covers `ws:`/`wss:` in current browsers only.
 */
export function appPolicy(
  config: SecurityHeadersConfig,
  request: Pick<FastifyRequest, 'host' | 'protocol'>,
): string {
  const connect = new Set(["'self'"]);
  if (HOST.test(request.host)) {
    connect.add(`${request.protocol === 'https' ? 'wss' : 'ws'}://${request.host}`);
  }
  for (const url of [config.apiRoot, config.socketUrl]) {
    const origin = originOf(url);
    if (origin) connect.add(origin);
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${[...connect].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function isUnder(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
}

/** The policy for a request: the docs', the API's, or the web app's (every other path). */
export function policyFor(config: SecurityHeadersConfig, request: FastifyRequest): string {
  const url = request.raw.url ?? '/';
  if (isUnder(url, DOCS_PATH)) return DOCS_POLICY;
  if (isUnder(url, '/api')) return API_POLICY;
  return appPolicy(config, request);
}

/**
 * Sets the security headers on every response, before any handler runs, so answers to
 * errors and unknown paths carry them too. Register before the plugins whose routes
 * should get them (the docs): a plugin's routes take the hooks that exist when it loads.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: SecurityHeadersConfig): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(COMMON_HEADERS);
    reply.header('content-security-policy', policyFor(config, request));
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
