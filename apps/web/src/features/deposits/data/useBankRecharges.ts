import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRechargeLog } from '@meridian/contract/calls/deposits';
import { getRechargeBanks, rechargeSubmit } from '@meridian/contract/calls/recharges';
import { uploadFile } from '@meridian/contract/calls/verification';
import { usePlatform } from '../../../shared/platform/context.tsx';

/** While a bank recharge waits for an operator, the user's list is read again this often. */
export const REVIEW_REFRESH_MS = 15_000;

/** The coins that take bank transfers, each with the account to pay into. */
export function useRechargeBanks() {
  const { api } = usePlatform();
  return useQuery({ queryKey: ['deposits', 'banks'], queryFn: () => api(getRechargeBanks) });
}

/** A page of the user's bank recharges, newest first; refreshed while any is under review. */
export function useBankRechargeLog(page: number, size: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['deposits', 'log', 'bank', page, size],
    queryFn: () => api(getRechargeLog, { body: { page, size, way: 'bank' } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((r) => r.status === 'review') ? REVIEW_REFRESH_MS : false,
  });
}

/** Uploads a payment screenshot (checked by the server: type by content, size); its id. */
export function useUploadScreenshot() {
  const { api } = usePlatform();
  return async (file: File): Promise<string> => {
    const form = new FormData();
    form.append('type', 'payment');
    form.append('file', file);
    // The caller shows a refusal under the picker, not in a popup.
    return (await api.quiet(uploadFile, undefined, { form })).id;
  };
}

/** Submits a recharge under its Idempotency-Key; the logs refresh after. */
export function useSubmitRecharge() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...body }: { key: string; coin: string; amount: string; screenshotId: string }) =>
      api(rechargeSubmit, { body }, { headers: { 'Idempotency-Key': key } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['deposits', 'log'] }),
  });
}
