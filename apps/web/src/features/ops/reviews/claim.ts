import type { Review } from '@meridian/contract/calls/reviews';

/**
 * Where an item stands for this operator: decided (nothing to do), free (anyone may claim
 * it, a lapsed claim included), theirs (another operator holds a live claim) or mine (I
 * hold it: I may approve, reject or release). The server decides in the end; this only
 * chooses which buttons make sense.
 */
export type ClaimStatus = 'decided' | 'free' | 'mine' | 'theirs';

export function claimStatus(
  review: Pick<Review, 'state' | 'claimedBy' | 'claimExpiresAt'>,
  me: string,
  now: number,
): ClaimStatus {
  if (review.state !== 'pending') return 'decided';
  if (!review.claimedBy) return 'free';
  const expires = review.claimExpiresAt ? Date.parse(review.claimExpiresAt) : Number.NaN;
  if (!Number.isNaN(expires) && expires <= now) return 'free';
  return review.claimedBy.toLowerCase() === me.toLowerCase() ? 'mine' : 'theirs';
}
