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
import {
  withdrawalReviews,
  type withdrawalReviewDetailSchema,
  type withdrawalReviewRowSchema,
} from '@meridian/contract/calls/withdrawals';
import {
  rechargeReviews,
  type rechargeReviewDetailSchema,
  type rechargeReviewRowSchema,
} from '@meridian/contract/calls/recharges';
import { RechargeSubmission } from '../recharges/RechargeSubmission.tsx';
import { IdentitySubmission } from './IdentitySubmission.tsx';
import { WithdrawalSubmission } from './WithdrawalSubmission.tsx';
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

const withdrawal: ReviewQueueSpec<
  typeof withdrawalReviewRowSchema,
  typeof withdrawalReviewDetailSchema
> = {
  kind: 'withdrawal',
  calls: withdrawalReviews,
  permissions: REVIEW_QUEUE_PERMISSIONS.withdrawal,
  columns: (t) => [
    {
      title: t('reviews.withdrawal.amount'),
      key: 'amount',
      align: 'right',
      render: (_, r) => (
        <span className="num" data-number="amount" style={{ whiteSpace: 'nowrap' }}>
          {r.amount} {r.coin}
        </span>
      ),
    },
    {
      title: t('reviews.withdrawal.way'),
      key: 'way',
      render: (_, r) => (r.way === 'bank' ? t('reviews.withdrawal.ways.bank') : r.network),
    },
  ],
  reviewOf: (detail) => detail.review,
  historyOf: (detail) => detail.history,
  Submission: WithdrawalSubmission,
};

const recharge: ReviewQueueSpec<typeof rechargeReviewRowSchema, typeof rechargeReviewDetailSchema> =
  {
    kind: 'recharge',
    calls: rechargeReviews,
    permissions: REVIEW_QUEUE_PERMISSIONS.recharge,
    columns: (t) => [
      {
        title: t('reviews.recharge.amount'),
        key: 'amount',
        align: 'right',
        render: (_, r) => (
          <span className="num" data-number="amount" style={{ whiteSpace: 'nowrap' }}>
            {r.amount} {r.coin}
          </span>
        ),
      },
      {
        title: t('reviews.recharge.orderNo'),
        dataIndex: 'orderNo',
        responsive: ['md'],
      },
    ],
    reviewOf: (detail) => detail.review,
    historyOf: (detail) => detail.history,
    Submission: RechargeSubmission,
  };

export const REVIEW_QUEUES = { identity, withdrawal, recharge } satisfies Record<
  ReviewKind,
  unknown
>;

/** Any kind's spec, as the generic queue components take it: every row is a Review. */
export type AnyQueueSpec = ReviewQueueSpec<z.ZodType<Review>, z.ZodType>;

/**
 * A kind's spec for the generic queue components. Each entry above is checked against its
 * own schemas; the components only hand a kind's rows and details back to that kind's own
 * columns and Submission, so widening here loses nothing.
 */
export function queueSpec(kind: ReviewKind): AnyQueueSpec {
  return REVIEW_QUEUES[kind] as unknown as AnyQueueSpec;
}
