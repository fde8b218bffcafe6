import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { reviewCalls, ReviewKind, ReviewState } from '@meridian/contract/calls/reviews';
import type { z } from 'zod';
import { useOpsApi } from '../session/context.tsx';
import { opsKeys } from '../session/keys.ts';

/** One kind's queue calls, as the contract's `reviewCalls` makes them for any kind. */
export type QueueCalls<R extends z.ZodType, D extends z.ZodType> = ReturnType<
  typeof reviewCalls<ReviewKind, R, D>
>;

export const QUEUE_PAGE_SIZE = 20;

export interface QueueFilter {
  /** Absent: every state. */
  state?: ReviewState;
  userId?: string;
  page: number;
}

export function useQueueList<R extends z.ZodType, D extends z.ZodType>(
  kind: ReviewKind,
  calls: QueueCalls<R, D>,
  filter: QueueFilter,
) {
  const api = useOpsApi();
  return useQuery({
    queryKey: [
      ...opsKeys.reviews(kind),
      'list',
      filter.state ?? 'all',
      filter.userId ?? '',
      filter.page,
    ],
    queryFn: () =>
      api.quiet(calls.list, {
        query: {
          ...(filter.state ? { state: filter.state } : {}),
          ...(filter.userId ? { userId: filter.userId } : {}),
          current: filter.page,
          size: QUEUE_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useQueueDetail<R extends z.ZodType, D extends z.ZodType>(
  kind: ReviewKind,
  calls: QueueCalls<R, D>,
  id: string | null,
) {
  const api = useOpsApi();
  return useQuery({
    queryKey: [...opsKeys.reviews(kind), 'detail', id],
    queryFn: () => api.quiet(calls.detail, { params: { id: id ?? '' } }),
    enabled: id !== null,
  });
}

export type Decision =
  { verb: 'claim' | 'release' | 'approve' } | { verb: 'reject'; reason: string };

/**
 * Claim, release, approve or reject one item. A refusal (someone else claimed it first, a
 * lapsed claim) pops up in the server's words; either way the queue and the dashboard's
 * counts are read again, so the screen shows what is true now.
 */
export function useDecision<R extends z.ZodType, D extends z.ZodType>(
  kind: ReviewKind,
  calls: QueueCalls<R, D>,
) {
  const api = useOpsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: Decision }) => {
      const params = { id };
      switch (decision.verb) {
        case 'claim':
          return api(calls.claim, { params });
        case 'release':
          return api(calls.release, { params });
        case 'approve':
          return api(calls.approve, { params });
        case 'reject':
          return api(calls.reject, { params, body: { reason: decision.reason } });
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.reviews(kind) }),
        queryClient.invalidateQueries({ queryKey: opsKeys.dashboard }),
      ]),
  });
}
