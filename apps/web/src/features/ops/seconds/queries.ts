import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  opsFundSecondsPool,
  opsSaveSecondPeriod,
  opsSecondPeriods,
} from '@meridian/contract/calls/seconds';
import type { z } from 'zod';
import { useOpsApi } from '../session/context.tsx';

const KEY = ['ops', 'seconds'] as const;

export type PeriodInput = z.input<typeof opsSaveSecondPeriod.body>;
export type PoolFunding = z.input<typeof opsFundSecondsPool.body>;

/** Every period, enabled or not, and the pool per coin. */
export function useOpsSeconds() {
  const api = useOpsApi();
  return useQuery({ queryKey: KEY, queryFn: () => api.quiet(opsSecondPeriods) });
}

/** Saving a period and funding the pool; refusals pop up in the server's words. */
export function useSecondsChanges() {
  const api = useOpsApi();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    save: useMutation({
      mutationFn: (body: PeriodInput) => api(opsSaveSecondPeriod, { body }),
      onSuccess: reload,
    }),
    fund: useMutation({
      mutationFn: (body: PoolFunding) => api(opsFundSecondsPool, { body }),
      onSuccess: reload,
    }),
  };
}
