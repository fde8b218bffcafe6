import type { FastifyInstance, FastifyRequest } from 'fastify';
import { identityReviews, opsFile } from '@meridian/contract';
import { operatorOf } from '../../kernel/http/operator-auth.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import type { AuditLog } from '../../kernel/operators/audit.ts';
import { fileContent, type FileStore } from './file-store.ts';
import type { IdentityReviews } from './identity-review.ts';
import type { ReviewQueue, Reviewer } from './review-queue.ts';
import type { VerificationDb } from './tables.ts';

export interface OpsCallDeps {
  db: VerificationDb;
  audit: AuditLog;
  queue: ReviewQueue;
  identity: IdentityReviews;
  files: FileStore;
}

/**
 * The identity review queue and the document view, for operators. registerCall has
 * checked the session and the call's permission before anything here runs; every write,
 * and every document shown, leaves its audit row in the same transaction.
 */
export function registerVerificationOpsCalls(
  app: FastifyInstance,
  head: string,
  { db, audit, queue, identity, files }: OpsCallDeps,
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
  registerCall(app, head, calls.detail, async ({ params }) => identity.detail(params.id));
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
}
