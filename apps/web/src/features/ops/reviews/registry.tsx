import type { TFunction } from 'i18next';
import type { ColumnsType } from 'antd/es/table';
import type { ComponentType } from 'react';
import type { z } from 'zod';
import {
  identityReviews,
  type identityReviewDetailSchema,
  type identityReviewRowSchema,
  type ReviewKind,
  type Review,
} from '@meridian/contract/calls/reviews';
import type { OperatorPermission } from '@meridian/contract/operators';
import { IdentitySubmission } from './IdentitySubmission.tsx';
import { REVIEW_QUEUE_PERMISSIONS } from './permissions.ts';
import type { QueueCalls } from './queries.ts';

/**
 * What one kind of review brings to the one queue component: its calls (from the
 * contract's `reviewCalls`), its permissions, the columns its rows add, and how its
 * submission is shown. Deposits, withdrawals, loans and appeals each add one entry.
 */
export interface ReviewQueueSpec<R extends z.ZodType, D extends z.ZodType> {
  kind: ReviewKind;
  calls: QueueCalls<R, D>;
  permissions: { read: OperatorPermission; review: OperatorPermission };
  columns: (t: TFunction) => ColumnsType<z.output<R>>;
  /** The review record inside the detail answer. */
  reviewOf: (detail: z.output<D>) => Review;
  /** The user's earlier items of this kind, newest first. */
  historyOf: (detail: z.output<D>) => Review[];
  Submission: ComponentType<{ detail: z.output<D> }>;
}

const identity: ReviewQueueSpec<typeof identityReviewRowSchema, typeof identityReviewDetailSchema> =
  {
    kind: 'identity',
    calls: identityReviews,
    permissions: REVIEW_QUEUE_PERMISSIONS.identity,
    columns: (t) => [
      { title: t('reviews.identity.name'), dataIndex: 'name' },
      { title: t('reviews.identity.country'), dataIndex: 'country' },
      {
        title: t('reviews.identity.idType'),
        dataIndex: 'idType',
        render: (v: string) => t(`reviews.identity.idTypes.${v}`, { defaultValue: v }),
        responsive: ['md'],
      },
    ],
    reviewOf: (detail) => detail.review,
    historyOf: (detail) => detail.history,
    Submission: IdentitySubmission,
  };

export const REVIEW_QUEUES = { identity } satisfies Record<ReviewKind, unknown>;
