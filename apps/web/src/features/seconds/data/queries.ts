import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getCoinList } from '@meridian/contract/calls/market';
import {
  createSecondContractOrder,
  indexTicksAround,
  periodList,
  secondsPool,
  selectOrderList,
} from '@meridian/contract/calls/seconds';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { SPOT_QUERY_ROOT } from '../../spot/index.ts';

/**
 * The user's contract queries sit under the spot root: the user feed reloads it on every
 * event of the user's own socket, and a settlement is one.
 */
export const secondsKeys = {
  orders: (status: 'open' | 'settled', page: number, size: number) =>
    [SPOT_QUERY_ROOT, 'seconds', status, page, size] as const,
  all: [SPOT_QUERY_ROOT, 'seconds'] as const,
};

/** The markets on the second-contract list (`coinList` of getCoinList). */
export function useSecondsMarkets() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['public', 'coinList'],
    queryFn: () => api.quiet(getCoinList),
    staleTime: 60_000,
    select: (data) => data.coinList,
  });
}

/** One market's offered periods, or every market's with `''`. */
export function usePeriods(symbol: string) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['public', 'seconds', 'periods', symbol],
    queryFn: () => api.quiet(periodList, { body: symbol ? { symbol } : {} }),
    staleTime: 30_000,
  });
}

/** The pool that pays wins: public, like the security fund. */
export function usePool() {
  const { api } = usePlatform();
  return useQuery({
    // Under the user's root too: what open contracts owe moves with each open and settlement.
    queryKey: [...secondsKeys.all, 'pool'],
    queryFn: () => api.quiet(secondsPool),
    refetchInterval: 15_000,
  });
}

export function useContracts(status: 'open' | 'settled', page: number, size: number) {
  const { api } = usePlatform();
  const isLogin = useSession((s) => s.isLogin);
  return useQuery({
    queryKey: secondsKeys.orders(status, page, size),
    queryFn: () => api.quiet(selectOrderList, { body: { status, current: page, size } }),
    enabled: isLogin,
    placeholderData: keepPreviousData,
  });
}

export interface OpenRequest {
  body: { symbol: string; periodId: string; direction: 'up' | 'down'; amount: string };
  key: string;
}

/** Opens a contract under its Idempotency-Key; the lists reload after. */
export function useOpenContract() {
  const { api } = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: OpenRequest) =>
      api(createSecondContractOrder, { body }, { headers: { 'Idempotency-Key': key } }),
    onSettled: () => client.invalidateQueries({ queryKey: secondsKeys.all }),
  });
}

/** The stored index ticks around a settlement, fetched when the user opens them. */
export function useTicksAround(symbol: string, time: number | null) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['public', 'seconds', 'ticks', symbol, time],
    queryFn: () => api.quiet(indexTicksAround, { query: { symbol, time: time! } }),
    enabled: time !== null,
  });
}
