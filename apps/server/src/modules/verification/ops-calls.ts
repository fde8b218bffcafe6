import type { FastifyInstance, FastifyRequest } from 'fastify';
import { identityReviews, opsFile, opsUserBankCard, opsUserVerification } from '@meridian/contract';
import { AppError } from '../../kernel/errors.ts';
import { operatorOf } from '../../kernel/http/operator-auth.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import type { AuditLog } from '../../kernel/operators/audit.ts';
import type { OperatorAuthority } from '../../kernel/operators/authority.ts';
import { maskIdNumber } from '@meridian/core';
import { fileContent, type FileStore } from './file-store.ts';
import type { BankCards } from './bank-cards.ts';
import type { IdentityReviews } from './identity-review.ts';
import type { ReviewQueue, Reviewer } from './review-queue.ts';
import type { VerificationDb } from './tables.ts';
import { statusOf } from './verification-status.ts';

export interface OpsCallDeps {
  db: VerificationDb;
  audit: AuditLog;
  queue: ReviewQueue;
  identity: IdentityReviews;
  files: FileStore;
  bankCards: BankCards;
  /** Whether a user exists: an unknown one is 404, not an empty verification. */
  userExists(id: string): Promise<boolean>;
  /** Whether a role holds a permission (the kernel's operator authority). */
  permits: OperatorAuthority['permits'];
}

/**
 * The identity review queue and the document view, for operators. registerCall has
 * checked the session and the call's permission before anything here runs; every write,
 * and every document shown, leaves its audit row in the same transaction.
 */
export function registerVerificationOpsCalls(
  app: FastifyInstance,
  head: string,
  { db, audit, queue, identity, files, bankCards, userExists, permits }: OpsCallDeps,
) {
  const reviewerOf = (request: FastifyRequest): Reviewer => {
    const operator = operatorOf(request);
    return {
      operatorId: operator.operatorId,
      email: operator.email,
      audit: (executor, entry) => audit.record(executor, request, entry),
    };
  };
  const calls = identityReviews;

  registerCall(app, head, calls.list, async ({ query }) => identity.list(query));
  registerCall(app, head, calls.detail, async ({ params }, request) => {
    const detail = await identity.detail(params.id);
    // The full ID number is for those who may see the documents it is checked against;
    // support, who only answers questions, reads it masked as the user does.
    if (await permits(operatorOf(request).role, 'documents.view')) return detail;
    return {
      ...detail,
      primary: { ...detail.primary, idNumber: maskIdNumber(detail.primary.idNumber) },
    };
  });
  registerCall(app, head, calls.claim, async ({ params }, request) =>
    queue.claim('identity', params.id, reviewerOf(request)),
  );
  registerCall(app, head, calls.release, async ({ params }, request) =>
    queue.release('identity', params.id, reviewerOf(request)),
  );
  registerCall(app, head, calls.approve, async ({ params }, request) =>
    queue.approve('identity', params.id, reviewerOf(request)),
  );
  registerCall(app, head, calls.reject, async ({ params, body }, request) =>
    queue.reject('identity', params.id, reviewerOf(request), body.reason),
  );

  // A person's document is shown only with its audit row written first: no row, no bytes.
  registerCall(app, head, opsFile, async ({ params }, request) => {
    const stored = await files.readAny(params.id);
    await audit.record(db, request, {
      action: 'document.view',
      targetType: 'upload',
      targetId: params.id,
      after: { userId: stored.row.user_id, purpose: stored.row.purpose },
    });
    return { ...fileContent(stored), userId: stored.row.user_id };
  });

  // The console's user detail: what the user sees of their own, masked the same way.
  const knownUser = async (id: string) => {
    if (!(await userExists(id))) throw new AppError('notFound');
    return id;
  };
  registerCall(app, head, opsUserVerification, async ({ params }) =>
    statusOf(db, await knownUser(params.id)),
  );
  registerCall(app, head, opsUserBankCard, async ({ params }) =>
    bankCards.get(await knownUser(params.id)),
  );
}
