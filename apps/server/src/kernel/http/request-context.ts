import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  languageFromAcceptHeader,
  normalizeLanguage,
  type Language,
} from '@meridian/contract';

export interface AuthContext {
  /** The opaque token the client sent, if any; accounts resolve it to a user. */
  token: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    auth: AuthContext;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `authorization` with or without `Bearer `, else `satoken` (seed section 7). */
export function tokenFrom(request: FastifyRequest): string | null {
  const raw = header(request, 'authorization') ?? header(request, 'satoken');
  return raw ? bareToken(raw) : null;
}

/** A presented token without its optional `Bearer ` prefix; null when nothing is left. */
export function bareToken(raw: string): string | null {
  const token = raw.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? null : token;
}

/** `lang`, then `language`, then `Accept-Language`; English when none is supported. */
export function languageFrom(request: FastifyRequest): Language {
  return (
    normalizeLanguage(header(request, 'lang')) ??
    normalizeLanguage(header(request, 'language')) ??
    languageFromAcceptHeader(header(request, 'accept-language')) ??
    DEFAULT_LANGUAGE
  );
}

export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request, reply) => {
    request.lang = languageFrom(request);
    request.auth = { token: tokenFrom(request) };
    reply.header('x-request-id', request.id);
  });
}
