import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  currencyExchange,
  getCurrencyPrice,
  getSwapLog,
  getSwapTerms,
  type SwapResult,
} from '@meridian/contract/calls/swap';
import { getMyBalance } from '@meridian/contract/calls/wallet';
import { SPOT_QUERY_ROOT } from '../../spot/index.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSession } from '../../../shared/session/store.ts';

/** Under the user feed's root, so a balance event of the user reloads the swap's balances. */
export const swapKeys = {
  terms: ['swap', 'terms'] as const,
  balances: [SPOT_QUERY_ROOT, 'swap', 'balances'] as const,
  log: [SPOT_QUERY_ROOT, 'swap', 'log'] as const,
  quote: (from: string, to: string, quantity: string) => ['swap', 'quote', from, to, quantity],
};

/** The published spread, fee, quote validity and the coins offered. */
export function useSwapTerms() {
  const { api } = usePlatform();
  return useQuery({ queryKey: swapKeys.terms, queryFn: () => api.quiet(getSwapTerms) });
}

/** The user's spot balances: what a swap takes from and pays into. */
export function useSpotBalances() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: swapKeys.balances,
    queryFn: () => api.quiet(getMyBalance, { query: { type: '1' } }),
    enabled: useSession((s) => s.isLogin),
  });
}

/** The user's latest swaps, newest first. */
export function useRecentSwaps(size: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...swapKeys.log, size],
    queryFn: () => api.quiet(getSwapLog, { body: { current: 1, size } }),
    enabled: useSession((s) => s.isLogin),
  });
}

/**
 * A quote for these inputs, asked once per inputs; the form asks again (refetch) when it
 * expires. Its refusals (no price, too small, pool) are shown in place, not as popups.
 */
export function useQuote(from: string, to: string, quantity: string, enabled: boolean) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: swapKeys.quote(from, to, quantity),
    queryFn: () => api.quiet(getCurrencyPrice, { body: { from, to, quantity } }),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** The swap of one quote, with one Idempotency-Key per confirmed quote. */
export function useExchange(onDone: (result: SwapResult) => void) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quoteId, key }: { quoteId: string; key: string }) =>
      api.quiet(currencyExchange, { body: { quoteId } }, { headers: { 'Idempotency-Key': key } }),
    onSuccess: onDone,
    // What is shown is what the ledger holds, whatever the answer was.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SPOT_QUERY_ROOT] }),
  });
}
