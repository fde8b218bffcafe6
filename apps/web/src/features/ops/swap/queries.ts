import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  opsFundSwapPool,
  opsSetSwapTerms,
  opsSwap,
  type OpsSwap,
} from '@meridian/contract/calls/swap';
import type { z } from 'zod';
import { useOpsApi } from '../session/context.tsx';

const KEY = ['ops', 'swap'] as const;

export type PoolMove = z.input<typeof opsFundSwapPool.body>;
export type SwapTermsInput = z.input<typeof opsSetSwapTerms.body>;

/** The published swap terms and every pool's balance. */
export function useOpsSwap() {
  const api = useOpsApi();
  return useQuery({ queryKey: KEY, queryFn: () => api.quiet(opsSwap) });
}

/**
 * Publishing terms and moving capital; refusals pop up in the server's words. Each call
 * answers the page's figures after it, shown at once.
 */
export function useSwapChanges() {
  const api = useOpsApi();
  const queryClient = useQueryClient();
  const show = (data: OpsSwap) => queryClient.setQueryData(KEY, data);
  return {
    terms: useMutation({
      mutationFn: (body: SwapTermsInput) => api(opsSetSwapTerms, { body }),
      onSuccess: show,
    }),
    move: useMutation({
      mutationFn: (body: PoolMove) => api(opsFundSwapPool, { body }),
      onSuccess: show,
    }),
  };
}
