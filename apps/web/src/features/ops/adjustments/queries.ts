import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  opsAdjustments,
  opsApproveAdjustment,
  opsProposeAdjustment,
  opsRejectAdjustment,
  type adjustmentStateSchema,
} from '@meridian/contract/calls/operators';
import type { z } from 'zod';
import { useOpsApi } from '../session/context.tsx';
import { opsKeys } from '../session/keys.ts';
import type { ProposalBody } from './draft.ts';

export type AdjustmentState = z.infer<typeof adjustmentStateSchema>;
export const ADJUSTMENTS_PAGE_SIZE = 20;

export function useAdjustments(filter: { state?: AdjustmentState; userId?: string; page: number }) {
  const api = useOpsApi();
  return useQuery({
    queryKey: [...opsKeys.adjustments, filter.state ?? 'all', filter.userId ?? '', filter.page],
    queryFn: () =>
      api.quiet(opsAdjustments, {
        query: {
          ...(filter.state ? { state: filter.state } : {}),
          ...(filter.userId ? { userId: filter.userId } : {}),
          current: filter.page,
          size: ADJUSTMENTS_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Propose, approve, reject: refusals pop up in the server's words; lists are read again. */
export function useAdjustmentActions() {
  const api = useOpsApi();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: opsKeys.adjustments }),
      queryClient.invalidateQueries({ queryKey: opsKeys.dashboard }),
      queryClient.invalidateQueries({ queryKey: opsKeys.users }),
    ]);
  return {
    propose: useMutation({
      mutationFn: (body: ProposalBody) => api(opsProposeAdjustment, { body }),
      onSettled: refresh,
    }),
    approve: useMutation({
      mutationFn: (id: string) => api(opsApproveAdjustment, { params: { id } }),
      onSettled: refresh,
    }),
    reject: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        api(opsRejectAdjustment, { params: { id }, body: { reason } }),
      onSettled: refresh,
    }),
  };
}
