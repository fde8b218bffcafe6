import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  opsUserBalances,
  opsUserDetail,
  opsUserFreeze,
  opsUserOrders,
  opsUserPostings,
  opsUserSearch,
} from '@meridian/contract/calls/operators';
import type { CallInput } from '@meridian/contract/define';
import { useOpsApi } from '../session/context.tsx';
import { opsKeys } from '../session/keys.ts';

export const USERS_PAGE_SIZE = 20;

export function useUserSearch(query: string, page: number) {
  const api = useOpsApi();
  return useQuery({
    queryKey: [...opsKeys.users, 'search', query, page],
    queryFn: () =>
      api.quiet(opsUserSearch, { query: { query, current: page, size: USERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(id: string) {
  const api = useOpsApi();
  return useQuery({
    queryKey: [...opsKeys.user(id), 'detail'],
    queryFn: () => api.quiet(opsUserDetail, { params: { id } }),
  });
}

export function useUserBalances(id: string) {
  const api = useOpsApi();
  return useQuery({
    queryKey: [...opsKeys.user(id), 'balances'],
    queryFn: () => api.quiet(opsUserBalances, { params: { id } }),
  });
}

export function useUserPostings(id: string, page: number, size: number) {
  const api = useOpsApi();
  return useQuery({
    queryKey: [...opsKeys.user(id), 'postings', page, size],
    queryFn: () => api.quiet(opsUserPostings, { params: { id }, query: { current: page, size } }),
    placeholderData: keepPreviousData,
  });
}

export function useUserOrders(id: string, page: number, size: number) {
  const api = useOpsApi();
  return useQuery({
    queryKey: [...opsKeys.user(id), 'orders', page, size],
    queryFn: () => api.quiet(opsUserOrders, { params: { id }, query: { current: page, size } }),
    placeholderData: keepPreviousData,
  });
}

export type FreezeBody = CallInput<typeof opsUserFreeze>['body'];

/** Freeze or unfreeze; failures pop up in the server's words (not quiet). */
export function useFreeze(id: string) {
  const api = useOpsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FreezeBody) => api(opsUserFreeze, { params: { id }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.user(id) }),
        queryClient.invalidateQueries({ queryKey: opsKeys.users }),
        queryClient.invalidateQueries({ queryKey: opsKeys.dashboard }),
      ]),
  });
}
