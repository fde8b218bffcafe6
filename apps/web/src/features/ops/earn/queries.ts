import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  opsEarnProducts,
  opsFundEarnProduct,
  opsSaveEarnProduct,
  opsSetEarnProductState,
} from '@meridian/contract/calls/earn';
import type { z } from 'zod';
import { useOpsApi } from '../session/context.tsx';

const KEY = ['ops', 'earn'] as const;

export type ProductInput = z.input<typeof opsSaveEarnProduct.body>;
export type Funding = z.input<typeof opsFundEarnProduct.body>;

/** Every product, paused ones too, with its funding, promised income and principal held. */
export function useOpsEarn() {
  const api = useOpsApi();
  return useQuery({ queryKey: KEY, queryFn: () => api.quiet(opsEarnProducts) });
}

/** Saving, pausing and funding; refusals pop up in the server's words. */
export function useEarnChanges() {
  const api = useOpsApi();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    save: useMutation({
      mutationFn: (body: ProductInput) => api(opsSaveEarnProduct, { body }),
      onSuccess: reload,
    }),
    state: useMutation({
      mutationFn: (body: { id: string; state: 'active' | 'paused' }) =>
        api(opsSetEarnProductState, { body }),
      onSuccess: reload,
    }),
    fund: useMutation({
      mutationFn: (body: Funding) => api(opsFundEarnProduct, { body }),
      onSuccess: reload,
    }),
  };
}
