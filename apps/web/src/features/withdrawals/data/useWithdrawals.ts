import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getBankCard } from '@meridian/contract/calls/verification';
import { getWithdrawalLog, withdrawalInfo } from '@meridian/contract/calls/withdrawals';
import { usePlatform } from '../../../shared/platform/context.tsx';

/** While a withdrawal waits for review or sending, the records are read again this often. */
export const OPEN_REFRESH_MS = 15_000;

/** The user's rules at their level, balances, what is left today and what stands in the way. */
export function useWithdrawalInfo() {
  const { api } = usePlatform();
  return useQuery({ queryKey: ['withdrawals', 'info'], queryFn: () => api(withdrawalInfo) });
}

/**
 * The user's bound bank card, masked, or null: where the bank way pays. The same query as
 * the bank card page's, so binding one there shows here without a reload.
 */
export function useBoundBankCard(enabled: boolean) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['verification', 'bankCard'],
    queryFn: () => api(getBankCard),
    enabled,
  });
}

/** A page of the user's withdrawals, newest first; refreshed while any is still open. */
export function useWithdrawalLog(current: number, size: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['withdrawals', 'log', current, size],
    queryFn: () => api(getWithdrawalLog, { body: { current, size } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.records.some((r) => r.cancellable) ? OPEN_REFRESH_MS : false,
  });
}

/** After a submit or a cancel: the log and the limits are read again. */
export function useRefreshWithdrawals() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
}
