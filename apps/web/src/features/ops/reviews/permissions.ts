import type { ReviewKind } from '@meridian/contract/calls/reviews';
import type { OperatorPermission } from '@meridian/contract/operators';
import { identityReviews } from '@meridian/contract/calls/reviews';
import { rechargeReviews } from '@meridian/contract/calls/recharges';
import { withdrawalReviews } from '@meridian/contract/calls/withdrawals';

/**
 * Each queue's permissions, read from its calls in the contract: `read` opens the queue,
 * `review` claims and decides. A new kind in REVIEW_KINDS fails to compile until it has
 * its entry here (and in the queue registry), so its screen cannot be forgotten.
 */
export const REVIEW_QUEUE_PERMISSIONS: Record<
  ReviewKind,
  { read: OperatorPermission; review: OperatorPermission }
> = {
  identity: { read: identityReviews.list.permission, review: identityReviews.approve.permission },
  recharge: { read: rechargeReviews.list.permission, review: rechargeReviews.approve.permission },
  withdrawal: {
    read: withdrawalReviews.list.permission,
    review: withdrawalReviews.approve.permission,
  },
};
