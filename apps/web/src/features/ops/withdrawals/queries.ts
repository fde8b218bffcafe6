import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  opsRejectWithdrawal,
  opsWithdrawalPayee,
  opsSendWithdrawal,
  opsWithdrawals,
  type WithdrawalState,
} from '@meridian/contract/calls/withdrawals';
import type { z } from 'zod';
import { useOpsApi } from '../session/context.tsx';

export const WITHDRAWALS_PAGE_SIZE = 20;

/** What proves a payment: the chain's transaction id, or the bank payment's reference. */
export type SentProof = z.input<typeof opsSendWithdrawal.body>;
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

/**
 * The whole card an approved bank withdrawal pays: asked only when the operator opens it
 * (each reading is audited), and not kept once the dialog is gone.
 */
export function usePayee(id: string, asked: boolean) {
  const api = useOpsApi();
  return useQuery({
    queryKey: [...KEY, 'payee', id],
    queryFn: () => api.quiet(opsWithdrawalPayee, { params: { id } }),
    enabled: asked,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/**
 * Reject an approved one, mark one sent: refusals pop up in the server's words; the list is
 * read again. A withdrawal under review is decided in the review queue instead.
 */
export function useWithdrawalDecisions() {
  const api = useOpsApi();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    reject: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        api(opsRejectWithdrawal, { params: { id }, body: { reason } }),
      onSettled: refresh,
    }),
    sent: useMutation({
      mutationFn: ({ id, proof }: { id: string; proof: SentProof }) =>
        api(opsSendWithdrawal, { params: { id }, body: proof }),
      onSettled: refresh,
    }),
  };
}
