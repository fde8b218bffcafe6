import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  opsApproveWithdrawal,
  opsRejectWithdrawal,
  opsSendWithdrawal,
  opsWithdrawals,
} from '@meridian/contract';
import { operatorOf } from '../../kernel/http/operator-auth.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import type { AuditLog } from '../../kernel/operators/audit.ts';
import type { Audit, WithdrawalService } from './withdrawals-service.ts';

/**
 * The operators' withdrawal calls. registerCall has checked the session and permission;
 * each decision writes its audit row in the transaction of its state change.
 */
export function registerWithdrawalOpsCalls(
  app: FastifyInstance,
  head: string,
  { withdrawals, audit }: { withdrawals: WithdrawalService; audit: AuditLog },
) {
  const auditOf =
    (request: FastifyRequest): Audit =>
    (trx, entry) =>
      audit.record(trx, request, { targetType: 'withdrawal', ...entry });

  registerCall(app, head, opsWithdrawals, async ({ query }) => withdrawals.opsList(query));
  registerCall(app, head, opsApproveWithdrawal, async ({ params }, request) =>
    withdrawals.approve(params.id, operatorOf(request).operatorId, auditOf(request)),
  );
  registerCall(app, head, opsRejectWithdrawal, async ({ params, body }, request) =>
    withdrawals.reject(params.id, operatorOf(request).operatorId, body.reason, auditOf(request)),
  );
  registerCall(app, head, opsSendWithdrawal, async ({ params, body }, request) =>
    withdrawals.sent(params.id, operatorOf(request).operatorId, body.txid, auditOf(request)),
  );
}
