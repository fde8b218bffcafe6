import type { IdentityReviewDetail, IdentityReviewRow } from '@meridian/contract';
import { AppError } from '../../kernel/errors.ts';
import type { ReviewKindHandler, ReviewListQuery, ReviewQueue, ReviewRow } from './review-queue.ts';
import type { UploadsTable, VerificationDb, VerificationTx } from './tables.ts';

/**
 * Moves the user's verification with the decision: pending -> approved or rejected, only
 * while it is still pending on this very submission (a conditional update). Anything else
 * means the two tables disagree; the decision is undone rather than half made.
 */
async function settle(tx: VerificationTx, review: ReviewRow, state: 'approved' | 'rejected') {
  const result = await tx
    .updateTable('identity_verifications')
    .set({ state, updated_at: review.decided_at ?? review.created_at })
    .where('user_id', '=', review.user_id)
    .where('state', '=', 'pending')
    .where('submission_id', '=', review.subject_id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('conflict', 'reviewDecided');
}

export const identityReviewHandler: ReviewKindHandler = {
  kind: 'identity',
  approve: (tx, review) => settle(tx, review, 'approved'),
  reject: (tx, review) => settle(tx, review, 'rejected'),
};

function documentView(row: UploadsTable) {
  return {
    id: row.id,
    mime: row.mime as IdentityReviewDetail['documents']['front']['mime'],
    size: row.size,
    width: row.width,
    height: row.height,
    createdAt: row.created_at,
  };
}

/** What operators read of the identity queue: rows with the declared data, and details. */
export function createIdentityReviews(db: VerificationDb, queue: ReviewQueue) {
  return {
    async list(query: ReviewListQuery) {
      const page = await queue.list('identity', query);
      const ids = page.rows.map((row) => row.subject_id);
      const subjects = ids.length
        ? await db
            .selectFrom('identity_submissions')
            .select(['id', 'name', 'country', 'id_type'])
            .where('id', 'in', ids)
            .execute()
        : [];
      const byId = new Map(subjects.map((subject) => [subject.id, subject]));
      const records: IdentityReviewRow[] = page.rows.map((row) => {
        const subject = byId.get(row.subject_id);
        if (!subject) throw new Error(`identity review ${row.id} has no submission`);
        return {
          ...queue.view(row),
          name: subject.name,
          country: subject.country,
          idType: subject.id_type,
        };
      });
      return { records, total: page.total, current: page.current, size: page.size };
    },

    async detail(id: string): Promise<IdentityReviewDetail> {
      const review = await queue.find('identity', id);
      const submission = await db
        .selectFrom('identity_submissions')
        .selectAll()
        .where('id', '=', review.subject_id)
        .executeTakeFirstOrThrow();
      const verification = await db
        .selectFrom('identity_verifications')
        .select('basic_at')
        .where('user_id', '=', review.user_id)
        .executeTakeFirstOrThrow();
      const files = await db
        .selectFrom('uploads')
        .selectAll()
        .where('id', 'in', [
          submission.front_file_id,
          submission.back_file_id,
          submission.hand_file_id,
        ])
        .execute();
      const file = (fileId: string) => {
        const row = files.find((candidate) => candidate.id === fileId);
        if (!row) throw new Error(`identity submission ${submission.id} lost a file`);
        return documentView(row);
      };
      const history = await queue.ofUser('identity', review.user_id);
      return {
        review: queue.view(review),
        primary: {
          name: submission.name,
          idNumber: submission.id_number,
          country: submission.country,
          idType: submission.id_type,
          completedAt: verification.basic_at,
        },
        documents: {
          front: file(submission.front_file_id),
          back: file(submission.back_file_id),
          hand: file(submission.hand_file_id),
        },
        history: history.filter((row) => row.id !== review.id).map(queue.view),
      };
    },
  };
}

export type IdentityReviews = ReturnType<typeof createIdentityReviews>;
