import type { VerificationStatus } from '@meridian/contract';
import {
  maskIdNumber,
  verificationLevel,
  verificationRefusal,
  type VerificationRefusal,
  type VerificationState,
} from '@meridian/core';
import { AppError } from '../../kernel/errors.ts';
import type { VerificationDb } from './tables.ts';

/** A refused step: it conflicts with where the user's verification stands. */
export function refused(refusal: VerificationRefusal): AppError {
  return new AppError('conflict', refusal);
}

/** The user's state; `none` before the primary step. */
export async function stateOf(db: VerificationDb, userId: string): Promise<VerificationState> {
  const row = await db
    .selectFrom('identity_verifications')
    .select('state')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.state ?? 'none';
}

/**
 * The user's verification as they see it: the ID number masked (the page may be seen by
 * others), the latest advanced submission with its review's outcome and reason.
 */
export async function statusOf(db: VerificationDb, userId: string): Promise<VerificationStatus> {
  const row = await db
    .selectFrom('identity_verifications')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const state = row?.state ?? 'none';
  const submission = row?.submission_id
    ? await db
        .selectFrom('identity_submissions')
        .leftJoin('reviews', (join) =>
          join
            .onRef('reviews.subject_id', '=', 'identity_submissions.id')
            .on('reviews.kind', '=', 'identity'),
        )
        .select([
          'identity_submissions.id',
          'identity_submissions.created_at',
          'identity_submissions.front_file_id',
          'identity_submissions.back_file_id',
          'identity_submissions.hand_file_id',
          'reviews.state',
          'reviews.decided_at',
          'reviews.reason',
        ])
        .where('identity_submissions.id', '=', row.submission_id)
        .executeTakeFirst()
    : undefined;
  return {
    state,
    level: verificationLevel(state),
    primary: row
      ? {
          name: row.name,
          idNumber: maskIdNumber(row.id_number),
          country: row.country,
          idType: row.id_type,
          completedTime: row.basic_at,
        }
      : null,
    advanced: submission
      ? {
          id: submission.id,
          state: submission.state ?? 'pending',
          submittedTime: submission.created_at,
          reviewedTime: submission.decided_at ?? null,
          rejectReason: submission.state === 'rejected' ? (submission.reason ?? null) : null,
          frontFileId: submission.front_file_id,
          backFileId: submission.back_file_id,
          handFileId: submission.hand_file_id,
        }
      : null,
    canSubmitPrimary: verificationRefusal(state, 'primary') === null,
    canSubmitAdvanced: verificationRefusal(state, 'advanced') === null,
  };
}
