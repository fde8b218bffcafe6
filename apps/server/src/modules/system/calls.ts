import type { FastifyInstance } from 'fastify';
import { health } from '@meridian/contract';
import type { HealthService } from './health.ts';
import { registerCall } from '../../kernel/http/register-call.ts';

export function registerSystemCalls(app: FastifyInstance, head: string, service: HealthService) {
  registerCall(
    app,
    head,
    health,
    async (_input, _request, reply) => {
      const data = await service.check();
      // Load balancers read the status line; the envelope still says what is down.
      if (data.status !== 'ok') reply.status(503);
      return data;
    },
    { dataStatuses: [503] },
  );
}
