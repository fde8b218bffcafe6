import { opsRechargeScreenshot } from '@meridian/contract/calls/recharges';
import { useAuditedImage } from '../reviews/useDocumentImage.ts';
import { useOpsApi } from '../session/context.tsx';
import { opsKeys } from '../session/keys.ts';

/** A recharge's payment screenshot, through the review's own audited call. */
export function useRechargeScreenshot(reviewId: string, enabled: boolean) {
  const api = useOpsApi();
  return useAuditedImage(
    [...opsKeys.reviews('recharge'), reviewId, 'screenshot'],
    () => api.quiet(opsRechargeScreenshot, { params: { id: reviewId } }),
    enabled,
  );
}
