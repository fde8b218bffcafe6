import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OperatorPermission } from '@meridian/contract';
import type { OperatorAuthority, OperatorPrincipal } from '../operators/authority.ts';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    requireOperator?: (
      request: FastifyRequest,
      permission: OperatorPermission,
    ) => Promise<OperatorPrincipal>;
  }
  interface FastifyRequest {
    operator: OperatorPrincipal | null;
  }
}

/**
 * Installs what `operator` calls need: a live operator session (401 otherwise, so the
 * console returns to its login) whose role holds the call's permission (403).
 */
export function installOperatorAuth(app: FastifyInstance, operators: OperatorAuthority): void {
  app.decorateRequest('operator', null);
  app.decorateRequest('audited', false);
  app.decorate(
    'requireOperator',
    async (request: FastifyRequest, permission: OperatorPermission) => {
      const token = request.auth.token;
      if (!token) throw new AppError('unauthorized', 'operatorSignIn');
      const operator = await operators.authenticate(token);
      if (!operator) throw new AppError('unauthorized', 'operatorSignIn');
      if (!(await operators.permits(operator.role, permission))) {
        throw new AppError('forbidden', 'operatorForbidden');
      }
      request.operator = operator;
      return operator;
    },
  );
}

/** The caller of an `operator` call; registerCall has already authenticated it. */
export function operatorOf(request: FastifyRequest): OperatorPrincipal {
  if (!request.operator) throw new AppError('unauthorized', 'operatorSignIn');
  return request.operator;
}
