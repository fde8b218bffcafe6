import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { opsRechargeScreenshot } from '@meridian/contract/calls/recharges';
import { base64Bytes } from '../reviews/useDocumentImage.ts';
import { useOpsApi } from '../session/context.tsx';
import { opsKeys } from '../session/keys.ts';

/**
 * A recharge's payment screenshot, fetched through the review's own audited call (each
 * view is an audit row) and shown through an object URL that lives only on this page.
 */
export function useRechargeScreenshot(reviewId: string, enabled: boolean) {
  const api = useOpsApi();
  const file = useQuery({
    queryKey: [...opsKeys.reviews('recharge'), reviewId, 'screenshot'],
    queryFn: () => api.quiet(opsRechargeScreenshot, { params: { id: reviewId } }),
    enabled,
    // Each fetch is an audited view: not again on every mount or focus.
    staleTime: Infinity,
    gcTime: 60_000,
  });
  const url = useMemo(
    () =>
      file.data
        ? URL.createObjectURL(new Blob([base64Bytes(file.data.base64)], { type: file.data.mime }))
        : null,
    [file.data],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return { url, file };
}
