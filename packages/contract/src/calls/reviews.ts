import { z } from 'zod';
import { defineCall } from '../define.ts';
import type { OperatorPermission } from '../operators.ts';
import { pageOf } from '../paging.ts';
import {
  bankCardSchema,
  fileContentSchema,
  idTypeSchema,
  uploadedFileSchema,
  verificationStatusSchema,
} from './verification.ts';

/*
 * The operators' review queue (PRODUCT.md 3, Operators): one shape for every kind of item
 * that waits for a person. Identity is the first kind; deposits, withdrawals, loans and
 * appeals join by adding their kind here and calling `reviewCalls` with their own
 * permissions, so the console's one queue component serves them all.
 */

export const REVIEW_KINDS = ['identity', 'recharge', 'withdrawal'] as const;
export const reviewKindSchema = z.enum(REVIEW_KINDS);
export type ReviewKind = z.infer<typeof reviewKindSchema>;

export const reviewStateSchema = z.enum(['pending', 'approved', 'rejected']);
export type ReviewState = z.infer<typeof reviewStateSchema>;

/** One item in a queue. A claim lapses at `claimExpiresAt`, so an item is never stuck. */
export const reviewSchema = z.object({
  id: z.string(),
  kind: reviewKindSchema,
  userId: z.string(),
  state: reviewStateSchema,
  createdAt: z.string(),
  /** The operator (email) holding a live claim; null when nobody does. */
  claimedBy: z.string().nullable(),
  claimExpiresAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Why it was rejected, shown to the user. */
  reason: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListQuery = z.strictObject({
  /** Absent: every state. Pending items come oldest first, decided ones newest first. */
  state: reviewStateSchema.optional(),
  userId: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const rejectReasonSchema = z.strictObject({ reason: z.string().trim().min(3).max(500) });

const reviewId = z.strictObject({ id: z.uuid() });

/**
 * The calls of one kind's queue: list and detail need `read`; claim, release, approve and
 * reject need `review`, and each writes an audit row. Approve and reject need the caller's
 * own live claim, so two operators never decide one item.
 */
export function reviewCalls<K extends ReviewKind, Row extends z.ZodType, Detail extends z.ZodType>(
  kind: K,
  permissions: { read: OperatorPermission; review: OperatorPermission },
  schemas: { row: Row; detail: Detail },
) {
  const base = `/api/ops/reviews/${kind}` as const;
  const tags = ['reviews'] as const;
  const decision = (verb: string, summary: string) =>
    ({
      method: 'POST',
      path: `${base}/:id/${verb}`,
      summary,
      tags,
      auth: 'operator',
      permission: permissions.review,
      params: reviewId,
    }) as const;
  return {
    list: defineCall({
      method: 'GET',
      path: base,
      summary: `The ${kind} review queue, filtered by state and user, paged`,
      tags,
      auth: 'operator',
      permission: permissions.read,
      query: reviewListQuery,
      data: pageOf(schemas.row),
    }),
    detail: defineCall({
      method: 'GET',
      path: `${base}/:id`,
      summary: `One ${kind} review with what it is about and the user's earlier ones`,
      tags,
      auth: 'operator',
      permission: permissions.read,
      params: reviewId,
      data: schemas.detail,
    }),
    claim: defineCall({
      ...decision('claim', 'Take the item: one operator at a time, for 30 minutes'),
      data: reviewSchema,
    }),
    release: defineCall({
      ...decision('release', 'Give the item back to the queue'),
      data: reviewSchema,
    }),
    approve: defineCall({
      ...decision('approve', 'Approve the item (the caller must hold its claim)'),
      data: reviewSchema,
    }),
    reject: defineCall({
      ...decision('reject', 'Reject the item with a reason the user sees (claim needed)'),
      body: rejectReasonSchema,
      data: reviewSchema,
    }),
  };
}

// ---- Identity ----

export const identityReviewRowSchema = reviewSchema.extend({
  name: z.string(),
  country: z.string(),
  idType: idTypeSchema,
});
export type IdentityReviewRow = z.infer<typeof identityReviewRowSchema>;

/** A document photo's facts; its bytes come from `opsFile` (documents.view, audited). */
export const documentFileSchema = uploadedFileSchema.omit({ url: true }).extend({
  createdAt: z.string(),
});

export const identityReviewDetailSchema = z.object({
  review: reviewSchema,
  /** As the user declared it: the ID number whole, to compare with the photos. */
  primary: z.object({
    name: z.string(),
    idNumber: z.string(),
    country: z.string(),
    idType: idTypeSchema,
    completedAt: z.string(),
  }),
  documents: z.object({
    front: documentFileSchema,
    back: documentFileSchema,
    hand: documentFileSchema,
  }),
  /** The user's earlier identity reviews, newest first. */
  history: z.array(reviewSchema),
});
export type IdentityReviewDetail = z.infer<typeof identityReviewDetailSchema>;

export const identityReviews = reviewCalls(
  'identity',
  { read: 'identity.read', review: 'identity.review' },
  { row: identityReviewRowSchema, detail: identityReviewDetailSchema },
);

// Each call on its own as well, so ALL_CALLS, the docs and the fuzz test see them.
export const identityReviewList = identityReviews.list;
export const identityReviewDetail = identityReviews.detail;
export const identityReviewClaim = identityReviews.claim;
export const identityReviewRelease = identityReviews.release;
export const identityReviewApprove = identityReviews.approve;
export const identityReviewReject = identityReviews.reject;

export const opsFile = defineCall({
  method: 'GET',
  path: '/api/ops/files/:id',
  summary: "A user's uploaded document, for review; every view is written to the audit log",
  tags: ['reviews'],
  auth: 'operator',
  permission: 'documents.view',
  params: z.strictObject({ id: z.uuid() }),
  data: fileContentSchema.extend({ userId: z.string() }),
});

// ---- A user's verification and bank card, for the console's user detail ----

const userParams = z.strictObject({ id: z.string().regex(/^\d{1,20}$/) });

export const opsUserVerification = defineCall({
  method: 'GET',
  path: '/api/ops/users/:id/verification',
  summary: "A user's identity verification as the user sees it (the ID number masked)",
  tags: ['reviews'],
  auth: 'operator',
  permission: 'identity.read',
  params: userParams,
  data: verificationStatusSchema,
});

export const opsUserBankCard = defineCall({
  method: 'GET',
  path: '/api/ops/users/:id/bank-card',
  summary: "A user's bound bank card, the number masked; null when none is bound",
  tags: ['reviews'],
  auth: 'operator',
  permission: 'banks.read',
  params: userParams,
  data: bankCardSchema.nullable(),
});
