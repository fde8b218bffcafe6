import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionAuthority, SessionPrincipal } from '../sessions.ts';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    requireUser?: (request: FastifyRequest) => Promise<SessionPrincipal>;
    /** For `optional` calls: the caller when a live session is presented, else null. */
    resolveUser?: (request: FastifyRequest) => Promise<SessionPrincipal | null>;
  }
  interface FastifyRequest {
    principal: SessionPrincipal | null;
  }
}

/**
 * Installs what `user` calls need: no token is 401 "please log in"; a token that is
 * unknown, expired or revoked is 401 with the invalid-token message, which sends the web
 * app to the login page.
 */
export function installSessionAuth(app: FastifyInstance, sessions: SessionAuthority): void {
  app.decorateRequest('principal', null);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const token = request.auth.token;
    if (!token) throw new AppError('unauthorized');
    const principal = await sessions.authenticate(token);
    if (!principal) throw new AppError('unauthorized', 'invalidToken');
    request.principal = principal;
    return principal;
  });
  app.decorate('resolveUser', async (request: FastifyRequest) => {
    const token = request.auth.token;
    request.principal = token ? await sessions.authenticate(token) : null;
    return request.principal;
  });
}

/** The caller of a `user` call; registerCall has already authenticated it. */
export function principalOf(request: FastifyRequest): SessionPrincipal {
  if (!request.principal) throw new AppError('unauthorized');
  return request.principal;
}
