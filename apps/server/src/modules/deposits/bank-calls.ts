import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  getRechargeBanks,
  opsRechargeBanks,
  opsRechargeScreenshot,
  opsSaveRechargeBank,
  rechargeReviews,
  rechargeSubmit,
} from '@meridian/contract';
import { principalOf } from '../../kernel/http/auth.ts';
import { idempotencyKey, type Idempotency } from '../../kernel/http/idempotency.ts';
import { operatorOf } from '../../kernel/http/operator-auth.ts';
import { Answer, registerCall } from '../../kernel/http/register-call.ts';
import type { AuditLog } from '../../kernel/operators/audit.ts';
import type { Reviewer, VerificationService } from '../verification/index.ts';
import type { BankDetails } from './bank-details.ts';
import type { BankRecharges } from './bank-recharges.ts';
import type { RechargeReviews } from './bank-reviews.ts';
import type { BankDb } from './bank-tables.ts';

export interface BankCallDeps {
  db: BankDb;
  banks: BankDetails;
  recharges: BankRecharges;
  reviews: RechargeReviews;
  verification: VerificationService;
  idempotency: Idempotency;
  audit: AuditLog;
}

/**
 * Bank-transfer recharges: the user's offer and submit, the operators' queue of kind
 * `recharge` (registerCall checked the session and permission first; each write and each
 * screenshot shown leaves its audit row in the same transaction), and the bank details.
 */
export function registerBankCalls(app: FastifyInstance, head: string, deps: BankCallDeps) {
  const { db, banks, recharges, reviews, verification, idempotency, audit } = deps;
  const queue = verification.reviews.queue;

  registerCall(app, head, getRechargeBanks, async () => banks.offered());

  registerCall(app, head, rechargeSubmit, async ({ body }, request) => {
    const user = principalOf(request).userId;
    const key = idempotencyKey(request);
    const made = await idempotency.run(
      user,
      key,
      'recharges.submit',
      () => recharges.submit(user, body, key),
      { recover: () => recharges.submittedWith(user, key!) },
    );
    return new Answer(200, 'rechargeSubmitted', made);
  });

  const reviewerOf = (request: FastifyRequest): Reviewer => {
    const operator = operatorOf(request);
    return {
      operatorId: operator.operatorId,
      email: operator.email,
      audit: (executor, entry) => audit.record(executor, request, entry),
    };
  };
  const calls = rechargeReviews;
  registerCall(app, head, calls.list, async ({ query }) => reviews.list(query));
  registerCall(app, head, calls.detail, async ({ params }) => reviews.detail(params.id));
  registerCall(app, head, calls.claim, async ({ params }, request) =>
    queue.claim('recharge', params.id, reviewerOf(request)),
  );
  registerCall(app, head, calls.release, async ({ params }, request) =>
    queue.release('recharge', params.id, reviewerOf(request)),
  );
  registerCall(app, head, calls.approve, async ({ params }, request) =>
    queue.approve('recharge', params.id, reviewerOf(request)),
  );
  registerCall(app, head, calls.reject, async ({ params, body }, request) =>
    queue.reject('recharge', params.id, reviewerOf(request), body.reason),
  );

  // The screenshot is shown only with its audit row written first: no row, no bytes.
  registerCall(app, head, opsRechargeScreenshot, async ({ params }, request) => {
    const fileId = await reviews.screenshotOf(params.id);
    const content = await verification.uploads.content(fileId);
    await audit.record(db, request, {
      action: 'document.view',
      targetType: 'upload',
      targetId: fileId,
      after: { userId: content.userId, purpose: content.purpose, review: params.id },
    });
    const { purpose: _purpose, ...answer } = content;
    return answer;
  });

  registerCall(app, head, opsRechargeBanks, async () => banks.all());
  registerCall(app, head, opsSaveRechargeBank, async ({ params, body }, request) =>
    db.transaction().execute(async (tx) => {
      const { before, after } = await banks.save(tx, params.coin, body);
      await audit.record(tx, request, {
        action: 'rechargeBank.save',
        targetType: 'coin',
        targetId: params.coin,
        before,
        after,
      });
      return after;
    }),
  );
}
