import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  earnProductDetail,
  earnQuote,
  earnRedeem,
  earnSubscribe,
  financialList,
  financialOrderList,
  personalIncome,
  pledgeList,
  pledgeOrderList,
  type EarnOrder,
} from '@meridian/contract/calls/earn';
import { getMyBalance } from '@meridian/contract/calls/wallet';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSession } from '../../../shared/session/store.ts';

export const earnKeys = {
  all: ['earn'] as const,
  products: (kind: string, section?: string) => ['earn', 'products', kind, section ?? ''] as const,
  product: (id: string) => ['earn', 'product', id] as const,
  orders: (kind: string, status: string, page: number) =>
    ['earn', 'orders', kind, status, page] as const,
  income: ['earn', 'income'] as const,
  balances: ['earn', 'finance-balances'] as const,
};

export type Section = 'benefit' | 'vip' | 'ordinary';
export type OrderStatus = EarnOrder['status'] | 'all';

export function usePledgeProducts() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: earnKeys.products('pledge'),
    queryFn: () => api.quiet(pledgeList, { body: {} }),
    refetchInterval: 30_000,
  });
}

export function useFinanceProducts(section: Section) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: earnKeys.products('finance', section),
    queryFn: () => api.quiet(financialList, { body: { section } }),
    refetchInterval: 30_000,
  });
}

export function useProduct(id: string) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: earnKeys.product(id),
    queryFn: () => api.quiet(earnProductDetail, { body: { id } }),
    enabled: id !== '',
    retry: false,
  });
}

/** The finance wallet's balances: what a subscription takes from. */
export function useFinanceBalances() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: earnKeys.balances,
    queryFn: () => api.quiet(getMyBalance, { query: { type: '3' } }),
    enabled: useSession((s) => s.isLogin),
  });
}

/** What subscribing `amount` pays, computed by the server as it will be paid. */
export function useQuote(productId: string, amount: string) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['earn', 'quote', productId, amount],
    queryFn: () => api.quiet(earnQuote, { body: { productId, amount } }),
    enabled: useSession((s) => s.isLogin) && productId !== '' && amount !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useOrders(kind: 'pledge' | 'finance', status: OrderStatus, page: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: earnKeys.orders(kind, status, page),
    queryFn: () =>
      api.quiet(kind === 'pledge' ? pledgeOrderList : financialOrderList, {
        body: { current: page, size: 10, ...(status === 'all' ? {} : { status }) },
      }),
    enabled: useSession((s) => s.isLogin),
    placeholderData: keepPreviousData,
  });
}

export function useIncome() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: earnKeys.income,
    queryFn: () => api.quiet(personalIncome, { body: {} }),
    enabled: useSession((s) => s.isLogin),
  });
}

/** Subscribe and redeem: each confirmed submission carries its own Idempotency-Key. */
export function useEarnActions() {
  const { api } = usePlatform();
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: earnKeys.all });
  return {
    subscribe: useMutation({
      mutationFn: ({ body, key }: { body: { productId: string; amount: string }; key: string }) =>
        api(earnSubscribe, { body }, { headers: { 'Idempotency-Key': key } }),
      onSettled: reload,
    }),
    redeem: useMutation({
      mutationFn: ({ id, key }: { id: string; key: string }) =>
        api(earnRedeem, { body: { id } }, { headers: { 'Idempotency-Key': key } }),
      onSettled: reload,
    }),
  };
}
