import type { FastifyRequest } from 'fastify';
import type { ClientContext } from '../../modules/identity/accounts.ts';

export function clientContext(request: FastifyRequest): ClientContext {
  const deviceKey = request.headers['x-device-id'];
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512),
    deviceKey: typeof deviceKey === 'string' && deviceKey.length <= 128 ? deviceKey : undefined,
    lang: request.lang,
  };
}
