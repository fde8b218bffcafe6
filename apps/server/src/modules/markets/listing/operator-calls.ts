import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  opsAddCoin,
  opsAddMarket,
  opsCancelFeeChange,
  opsCatalogue,
  opsPauseMarket,
  opsResumeMarket,
  opsScheduleFeeChange,
} from '@meridian/contract';
import { operatorOf } from '../../../kernel/http/operator-auth.ts';
import { registerCall } from '../../../kernel/http/register-call.ts';
import type { AuditLog } from '../../../kernel/operators/audit.ts';
import type { Audit, CatalogueOperations } from './operations.ts';

/**
 * The catalogue's operator calls under `/api/ops/catalogue`: reads for every role
 * (`catalogue.read`), writes for admins (`catalogue.write`), each write audited in the
 * transaction that makes it. Only listing parameters: no call here sets a price, a fill,
 * a settlement or a profit.
 */
export function registerCatalogueCalls(
  app: FastifyInstance,
  head: string,
  deps: { operations: CatalogueOperations; audit: AuditLog },
) {
  const { operations } = deps;
  const auditOf =
    (request: FastifyRequest): Audit =>
    (executor, entry) =>
      deps.audit.record(executor, request, entry);

  registerCall(app, head, opsCatalogue, async () => operations.list());

  registerCall(app, head, opsAddCoin, async ({ body }, request) =>
    operations.addCoin(body, auditOf(request)),
  );

  registerCall(app, head, opsAddMarket, async ({ body }, request) =>
    operations.addMarket(body, auditOf(request)),
  );

  registerCall(app, head, opsPauseMarket, async ({ params, body }, request) =>
    operations.setState(params.symbol, 'paused', body.reason, auditOf(request)),
  );

  registerCall(app, head, opsResumeMarket, async ({ params, body }, request) =>
    operations.setState(params.symbol, 'trading', body.reason, auditOf(request)),
  );

  registerCall(app, head, opsScheduleFeeChange, async ({ params, body }, request) =>
    operations.scheduleFeeChange(
      params.symbol,
      body,
      operatorOf(request).operatorId,
      auditOf(request),
    ),
  );

  registerCall(app, head, opsCancelFeeChange, async ({ params, body }, request) =>
    operations.cancelFeeChange(params.id, body.reason, auditOf(request)),
  );
}
