import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getDepositAddress,
  getRechargeCurrency,
  getRechargeLog,
} from '@meridian/contract/calls/deposits';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { REVIEW_REFRESH_MS } from './useBankRecharges.ts';

/** While any deposit waits for confirmations, the records are read again this often. */
export const PENDING_REFRESH_MS = 5000;

/** The coins that take deposits, each with its networks, confirmations and minimum. */
export function useRechargeCurrencies() {
  const { api } = usePlatform();
  return useQuery({ queryKey: ['deposits', 'currencies'], queryFn: () => api(getRechargeCurrency) });
}

/** The user's address for a coin on a network (made by the server on first ask). */
export function useDepositAddress(coin: string | undefined, network: string | undefined) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['deposits', 'address', coin, network],
    enabled: coin !== undefined && network !== undefined,
    queryFn: () => api(getDepositAddress, { params: { coin: coin! }, query: { network: network! } }),
    staleTime: Infinity,
  });
}

/** A page of the user's deposits, newest first; refreshed while any confirms or waits for review. */
export function useDepositLog(page: number, size: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['deposits', 'log', page, size],
    queryFn: () => api(getRechargeLog, { body: { page, size } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const list = query.state.data?.list ?? [];
      if (list.some((r) => r.status === 'confirming')) return PENDING_REFRESH_MS;
      return list.some((r) => r.status === 'review') ? REVIEW_REFRESH_MS : false;
    },
  });
}

export function useRefreshDepositLog() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['deposits', 'log'] });
}
