import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  opsFundMarginPool,
  opsMarginSettings,
  opsSetMarginPair,
  opsSetMarginPool,
  type OpsMarginSettings,
} from '@meridian/contract/calls/margin';
import type { z } from 'zod';
import { useOpsApi } from '../session/context.tsx';

const KEY = ['ops', 'margin'] as const;

export type PoolInput = z.input<typeof opsSetMarginPool.body>;
export type PairInput = z.input<typeof opsSetMarginPair.body>;
export type PoolFunding = z.input<typeof opsFundMarginPool.body>;

/** Every lending pool with the platform's idle capital, every isolated pair, the share cap. */
export function useOpsMargin() {
  const api = useOpsApi();
  return useQuery({ queryKey: KEY, queryFn: () => api.quiet(opsMarginSettings) });
}

/**
 * Retuning a pool, a pair's leverage and funding a pool. Each answers the new settings,
 * which replace the cached ones. Quiet: the dialog that sent the change shows a refusal in
 * the server's words and stays open for another try.
 */
export function useMarginChanges() {
  const api = useOpsApi();
  const queryClient = useQueryClient();
  const settle = (settings: OpsMarginSettings) => {
    queryClient.setQueryData(KEY, settings);
    return queryClient.invalidateQueries({ queryKey: KEY });
  };
  return {
    pool: useMutation({
      mutationFn: (body: PoolInput) => api.quiet(opsSetMarginPool, { body }),
      onSuccess: settle,
    }),
    pair: useMutation({
      mutationFn: (body: PairInput) => api.quiet(opsSetMarginPair, { body }),
      onSuccess: settle,
    }),
    fund: useMutation({
      mutationFn: (body: PoolFunding) => api.quiet(opsFundMarginPool, { body }),
      onSuccess: settle,
    }),
  };
}
