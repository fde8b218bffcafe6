import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  opsApproveWithdrawal,
  opsRejectWithdrawal,
  opsSendWithdrawal,
  opsWithdrawals,
  type WithdrawalState,
} from '@meridian/contract/calls/withdrawals';
import { useOpsApi } from '../session/context.tsx';

export const WITHDRAWALS_PAGE_SIZE = 20;
const KEY = ['ops', 'withdrawals'] as const;

export function useOpsWithdrawals(filter: {
  state?: WithdrawalState;
  userId?: string;
  page: number;
}) {
  const api = useOpsApi();
  return useQuery({
    queryKey: [...KEY, filter.state ?? 'all', filter.userId ?? '', filter.page],
    queryFn: () =>
      api.quiet(opsWithdrawals, {
        query: {
          ...(filter.state ? { state: filter.state } : {}),
          ...(filter.userId ? { userId: filter.userId } : {}),
          current: filter.page,
          size: WITHDRAWALS_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Approve, reject, mark sent: refusals pop up in the server's words; the list is read again. */
export function useWithdrawalDecisions() {
  const api = useOpsApi();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    approve: useMutation({
      mutationFn: (id: string) => api(opsApproveWithdrawal, { params: { id } }),
      onSettled: refresh,
    }),
    reject: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        api(opsRejectWithdrawal, { params: { id }, body: { reason } }),
      onSettled: refresh,
    }),
    sent: useMutation({
      mutationFn: ({ id, txid }: { id: string; txid: string }) =>
        api(opsSendWithdrawal, { params: { id }, body: { txid } }),
      onSettled: refresh,
    }),
  };
}
