import type { FastifyInstance } from 'fastify';
import { health } from '@meridian/contract/calls/system';
import { sendApiNotFound } from './error-handler.ts';

/**
 * An engine process (ROLE=engine) answers its health and nothing else: calls, sockets, the
 * MQTT bridge and the web app are the API processes'. A request sent to it anyway (a proxy
 * that lists it by mistake) is refused as an unknown path, in the envelope, before any
 * route or upgrade runs, so the leader's cores stay with the engine.
 */
export function serveHealthOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = (request.raw.url ?? '/').split('?')[0];
    const reading = request.method === 'GET' || request.method === 'HEAD';
    if (reading && path === health.path) return;
    return sendApiNotFound(request, reply);
  });
}
