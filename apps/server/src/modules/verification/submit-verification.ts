import { randomUUID } from 'node:crypto';
import type { VerificationSubmission } from '@meridian/contract';
import {
  idNumberProblem,
  isDocumentCountry,
  normalizeIdNumber,
  stateAfter,
  statesAllowing,
  verificationRefusal,
} from '@meridian/core';
import { iso, type Clock } from '../../kernel/clock.ts';
import { AppError } from '../../kernel/errors.ts';
import { isUniqueViolation } from '../identity/index.ts';
import type { ReviewQueue } from './review-queue.ts';
import type { VerificationDb } from './tables.ts';
import { refused, stateOf } from './verification-status.ts';

type Primary = Extract<VerificationSubmission, { level: 'primary' }>;
type Advanced = Extract<VerificationSubmission, { level: 'advanced' }>;

export interface SubmitDeps {
  db: VerificationDb;
  clock: Clock;
  queue: ReviewQueue;
}

/** Thrown inside a transaction to undo it when another request changed the state first. */
class LostRace extends Error {}

/** After a refused conditional write: the refusal for the state that won the race. */
async function refusalNow(db: VerificationDb, userId: string, step: 'primary' | 'advanced') {
  const refusal = verificationRefusal(await stateOf(db, userId), step);
  // A state that allows the step cannot have refused it; answer as the rule's own case.
  return refused(refusal ?? 'kycPending');
}

/**
 * The primary step: the user declares name, ID number, country and document type, and is
 * at level 1 at once (the seed's "basic certification success"); nothing is reviewed until
 * the advanced step. Allowed first, or again after a rejection to correct the data.
 */
export async function submitPrimary({ db, clock }: SubmitDeps, userId: string, input: Primary) {
  if (!isDocumentCountry(input.country)) {
    throw new AppError('validation', 'kycCountryUnknown', {}, 'country');
  }
  const idNumber = normalizeIdNumber(input.idNumber);
  const problem = idNumberProblem(input.country, input.idType, idNumber);
  if (problem) throw new AppError('validation', problem, {}, 'idNumber');
  const current = await stateOf(db, userId);
  const refusal = verificationRefusal(current, 'primary');
  if (refusal) throw refused(refusal);

  const now = iso(clock.now());
  const data = {
    name: input.name,
    id_number: idNumber,
    country: input.country,
    id_type: input.idType,
    basic_at: now,
    updated_at: now,
  };
  if (current === 'none') {
    try {
      await db
        .insertInto('identity_verifications')
        .values({ user_id: userId, state: stateAfter('primary'), submission_id: null, ...data })
        .execute();
    } catch (error) {
      // The user id is the key: a parallel first submission won.
      if (isUniqueViolation(error)) throw await refusalNow(db, userId, 'primary');
      throw error;
    }
    return;
  }
  const result = await db
    .updateTable('identity_verifications')
    .set({ state: stateAfter('primary'), ...data })
    .where('user_id', '=', userId)
    .where('state', 'in', statesAllowing('primary'))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw await refusalNow(db, userId, 'primary');
}

/**
 * The advanced step: three of the user's own uploaded photos, as a submission that waits
 * for an operator. The submission, the state change (a conditional update from a state
 * that allows it) and the queue item are one transaction: of two parallel submissions
 * one wins, and the other leaves nothing behind.
 */
export async function submitAdvanced(
  { db, clock, queue }: SubmitDeps,
  userId: string,
  input: Advanced,
) {
  const fileIds = [input.frontFileId, input.backFileId, input.handFileId];
  if (new Set(fileIds).size !== fileIds.length) {
    throw new AppError('validation', 'kycDocumentsSame', {}, 'handFileId');
  }
  const refusal = verificationRefusal(await stateOf(db, userId), 'advanced');
  if (refusal) throw refused(refusal);

  try {
    await db.transaction().execute(async (tx) => {
      // Another user's file and a missing one are the same to the caller.
      const owned = await tx
        .selectFrom('uploads')
        .select('id')
        .where('user_id', '=', userId)
        .where('purpose', '=', 'document')
        .where('id', 'in', fileIds)
        .execute();
      if (owned.length !== fileIds.length) {
        throw new AppError('validation', 'kycDocumentMissing', {}, 'files');
      }
      // The state moves first: the conditional update takes the row (PostgreSQL locks it
      // until commit), so the primary data copied below is the data that was submitted.
      const id = randomUUID();
      const now = iso(clock.now());
      const moved = await tx
        .updateTable('identity_verifications')
        .set({ state: stateAfter('advanced'), submission_id: id, updated_at: now })
        .where('user_id', '=', userId)
        .where('state', 'in', statesAllowing('advanced'))
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new LostRace();
      const primary = await tx
        .selectFrom('identity_verifications')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('identity_submissions')
        .values({
          id,
          user_id: userId,
          front_file_id: input.frontFileId,
          back_file_id: input.backFileId,
          hand_file_id: input.handFileId,
          name: primary.name,
          id_number: primary.id_number,
          country: primary.country,
          id_type: primary.id_type,
          created_at: now,
        })
        .execute();
      await queue.open(tx, { kind: 'identity', subjectId: id, userId });
    });
  } catch (error) {
    // Lost the race: the transaction was undone, so nothing of this attempt stays.
    if (error instanceof LostRace) throw await refusalNow(db, userId, 'advanced');
    throw error;
  }
}
