import {
  keepPreviousData,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { coinWallet, currencyOrderCancel, entrustTransactionDetails, myExchangeLog, orderList, type SpotOrder } from '@meridian/contract/calls/spot';
import { pairOf } from '../../markets/index.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { SPOT_QUERY_ROOT } from './query-root.ts';

export type OrderStatusFilter = 'open' | 'history' | 'all';

export interface OrderQuery {
  /** One market, or every market when absent. */
  symbol?: string;
  status: OrderStatusFilter;
  page: number;
  size: number;
}

/** Keys all start with 'spot' so the user feed reloads every one of them at once. */
export const spotKeys = {
  orders: (q: OrderQuery) =>
    [SPOT_QUERY_ROOT, 'orders', q.symbol ?? 'all', q.status, q.page, q.size] as const,
  fills: (symbol: string) => [SPOT_QUERY_ROOT, 'fills', symbol] as const,
  orderFills: (orderId: string) => [SPOT_QUERY_ROOT, 'orderFills', orderId] as const,
  wallet: (base: string, quote: string) => [SPOT_QUERY_ROOT, 'wallet', base, quote] as const,
};

const useSignedIn = () => useSession((s) => s.isLogin);

/** The caller shows failures in place, so these calls stay quiet. */
export function useSpotOrders(query: OrderQuery) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: spotKeys.orders(query),
    queryFn: () =>
      api.quiet(orderList, {
        body: {
          ...(query.symbol ? { symbol: query.symbol } : {}),
          status: query.status,
          page: query.page,
          size: query.size,
        },
      }),
    enabled: useSignedIn(),
    placeholderData: keepPreviousData,
  });
}

export function useMyFills(symbol: string) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: spotKeys.fills(symbol),
    queryFn: () => api.quiet(myExchangeLog, { params: { a: symbol } }),
    enabled: useSignedIn(),
  });
}

export function useOrderFills(orderId: string) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: spotKeys.orderFills(orderId),
    queryFn: () => api.quiet(entrustTransactionDetails, { params: { id: orderId } }),
    enabled: useSignedIn(),
  });
}

export function useSpotWallet(symbol: string) {
  const { api } = usePlatform();
  const [base, quote] = pairOf(symbol);
  return useQuery({
    queryKey: spotKeys.wallet(base, quote),
    queryFn: () => api.quiet(coinWallet, { params: { a: base, b: quote } }),
    enabled: useSignedIn(),
  });
}

/**
 * The spot wallet across markets: the wallet of each listed market (its base and quote),
 * under the same keys as one market's, so the trade page and the user feed share them.
 */
export function useSpotWallets(symbols: readonly string[]) {
  const { api } = usePlatform();
  const enabled = useSignedIn();
  return useQueries({
    queries: symbols.map((symbol) => {
      const [base, quote] = pairOf(symbol);
      return {
        queryKey: spotKeys.wallet(base, quote),
        queryFn: () => api.quiet(coinWallet, { params: { a: base, b: quote } }),
        enabled,
      };
    }),
    combine: (results) => ({
      data: results.every((r) => r.data) ? results.map((r) => r.data!) : undefined,
      isPending: results.some((r) => r.isPending),
      isError: results.some((r) => r.isError),
      isFetching: results.some((r) => r.isFetching),
      refetch: () => Promise.all(results.filter((r) => r.isError).map((r) => r.refetch())),
    }),
  });
}

/**
 * Cancels through the older family's call. A refusal (already filled, say) is shown by the
 * request rules' popup; either way the spot data reloads so the row shows the truth.
 */
export function useCancelOrder(onCancelled?: (order: SpotOrder) => void) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(currencyOrderCancel, { query: { id } }),
    onSuccess: (order) => onCancelled?.(order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SPOT_QUERY_ROOT] }),
  });
}
