import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  opsRejectWithdrawal,
  opsWithdrawalPayee,
  opsSendWithdrawal,
  opsWithdrawals,
  withdrawalReviews,
} from '@meridian/contract';
import { AppError } from '../../kernel/errors.ts';
import { operatorOf } from '../../kernel/http/operator-auth.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import type { AuditLog } from '../../kernel/operators/audit.ts';
import type { ReviewQueue, Reviewer, VerificationService } from '../verification/index.ts';
import type { WithdrawalDb } from './tables.ts';
import type { WithdrawalReviews } from './withdrawal-review.ts';
import type { Audit, WithdrawalService } from './withdrawals-service.ts';

/**
 * The operators' withdrawal calls. registerCall has checked the session and permission;
 * each decision writes its audit row in the transaction of its state change. A withdrawal
 * under review is decided only through its queue item (claim, then approve or reject), so
 * two operators never decide one.
 */
export function registerWithdrawalOpsCalls(
  app: FastifyInstance,
  head: string,
  deps: {
    withdrawals: WithdrawalService;
    reviews: WithdrawalReviews;
    queue: ReviewQueue;
    audit: AuditLog;
    db: WithdrawalDb;
    wholeBankCardOf: VerificationService['wholeBankCardOf'];
  },
) {
  const { withdrawals, reviews, queue, audit } = deps;
  const auditOf =
    (request: FastifyRequest): Audit =>
    (trx, entry) =>
      audit.record(trx, request, { targetType: 'withdrawal', ...entry });
  const reviewerOf = (request: FastifyRequest): Reviewer => {
    const operator = operatorOf(request);
    return {
      operatorId: operator.operatorId,
      email: operator.email,
      audit: (executor, entry) => audit.record(executor, request, entry),
    };
  };

  registerCall(app, head, opsWithdrawals, async ({ query }) => withdrawals.opsList(query));
  registerCall(app, head, opsRejectWithdrawal, async ({ params, body }, request) =>
    withdrawals.reject(params.id, operatorOf(request).operatorId, body.reason, auditOf(request)),
  );
  registerCall(app, head, opsSendWithdrawal, async ({ params, body }, request) =>
    withdrawals.sent(params.id, operatorOf(request).operatorId, body, auditOf(request)),
  );
  registerCall(app, head, opsWithdrawalPayee, async ({ params }, request) => {
    const withdrawal = await withdrawals.opsView(params.id);
    if (withdrawal.way !== 'bank' || withdrawal.state !== 'approved') {
      throw new AppError('conflict', 'withdrawalPayeeNotPayable');
    }
    // The card cannot change once bound, so it is the one the user chose at submit.
    const card = await deps.wholeBankCardOf(withdrawal.userId);
    if (!card) throw new AppError('notFound');
    await audit.record(deps.db, request, {
      action: 'withdrawal.payee.view',
      targetType: 'withdrawal',
      targetId: params.id,
      after: { userId: withdrawal.userId },
    });
    return card;
  });

  const calls = withdrawalReviews;
  registerCall(app, head, calls.list, async ({ query }) => reviews.list(query));
  registerCall(app, head, calls.detail, async ({ params }) => reviews.detail(params.id));
  registerCall(app, head, calls.claim, async ({ params }, request) =>
    queue.claim('withdrawal', params.id, reviewerOf(request)),
  );
  registerCall(app, head, calls.release, async ({ params }, request) =>
    queue.release('withdrawal', params.id, reviewerOf(request)),
  );
  registerCall(app, head, calls.approve, async ({ params }, request) =>
    queue.approve('withdrawal', params.id, reviewerOf(request)),
  );
  registerCall(app, head, calls.reject, async ({ params, body }, request) =>
    queue.reject('withdrawal', params.id, reviewerOf(request), body.reason),
  );
}
