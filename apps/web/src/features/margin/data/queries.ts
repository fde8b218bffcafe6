import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  marginBorrowFixed,
  marginBorrowAll,
  marginBorrowOrders,
  marginCanBorrowAll,
  marginCanBorrowFixed,
  marginFunds,
  marginFixedLeverage,
  marginOrders,
  marginPairs,
  marginPreborrowAll,
  marginPreborrowFixed,
  marginPropertyAll,
  marginPropertyFixed,
  marginRepayAll,
  marginRepayFixed,
  marginTransfer,
  type MarginAccount,
} from '@meridian/contract/calls/margin';
import { randomKey } from '../../../shared/api/idempotency.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { SPOT_QUERY_ROOT } from '../../spot/index.ts';

/** Cross (`all`) or the isolated account of one pair. */
export type MarginScope = { account: 'all' } | { account: 'fixed'; symbol: string };
export type MarginMode = 'cross' | 'isolated';
export type HistoryKind = 'borrow' | 'repay' | 'interest' | 'liquidation' | 'all';
/** A margin centre's orders: open (waiting or partly filled) or done. */
export type MarginOrderStatus = 'open' | 'history';
export type { MarginAccount };

export const scopeOf = (mode: MarginMode, symbol: string): MarginScope =>
  mode === 'cross' ? { account: 'all' } : { account: 'fixed', symbol };

const scopeKey = (scope: MarginScope) => (scope.account === 'all' ? 'all' : scope.symbol);

/**
 * Under the spot root: an order placed from the form invalidates `['spot']`, which
 * reloads the margin account with the spot wallet.
 */
export const marginKeys = {
  all: [SPOT_QUERY_ROOT, 'margin'] as const,
  account: (scope: MarginScope) => [SPOT_QUERY_ROOT, 'margin', 'account', scopeKey(scope)] as const,
  canBorrow: (scope: MarginScope, coin: string) =>
    [SPOT_QUERY_ROOT, 'margin', 'canBorrow', scopeKey(scope), coin] as const,
  history: (a: string, kind: HistoryKind, page: number) =>
    [SPOT_QUERY_ROOT, 'margin', 'history', a, kind, page] as const,
  /** Reloaded with every `['spot']` refresh: an order placed, cancelled or filled. */
  orders: (a: string, status: MarginOrderStatus, page: number) =>
    [SPOT_QUERY_ROOT, 'margin', 'orders', a, status, page] as const,
  funds: ['margin-funds'] as const,
  pairs: ['margin-pairs'] as const,
};

/** The margin account polls this often while shown (interest accrues hourly, prices move). */
const POLL_MS = 5_000;

export function useMarginAccount(scope: MarginScope, on = true) {
  const { api } = usePlatform();
  const isLogin = useSession((s) => s.isLogin);
  return useQuery({
    queryKey: marginKeys.account(scope),
    queryFn: () =>
      scope.account === 'all'
        ? api.quiet(marginPropertyAll, {})
        : api.quiet(marginPropertyFixed, { params: { symbol: scope.symbol } }),
    enabled: isLogin && on,
    refetchInterval: POLL_MS,
  });
}

/**
 * What the margin account of a mode holds available in a coin, for the order form's
 * sizing; null while loading, or when no margin mode is chosen (the hook then asks nothing).
 */
export function useMarginAvailable(
  mode: MarginMode | undefined,
  symbol: string,
  coin: string,
): string | null {
  const account = useMarginAccount(scopeOf(mode ?? 'cross', symbol), mode !== undefined);
  if (!mode || !account.data) return null;
  return coinOf(account.data, coin)?.available ?? '0';
}

/** A coin's row of an account; the server names coins in capitals, the pages in lower case. */
export function coinOf(account: MarginAccount, coin: string) {
  const wanted = coin.toLowerCase();
  return account.coins.find((row) => row.coin.toLowerCase() === wanted);
}

export function useCanBorrow(scope: MarginScope, coin: string) {
  const { api } = usePlatform();
  const isLogin = useSession((s) => s.isLogin);
  return useQuery({
    queryKey: marginKeys.canBorrow(scope, coin),
    queryFn: () =>
      scope.account === 'all'
        ? api.quiet(marginCanBorrowAll, { body: { coin } })
        : api.quiet(marginCanBorrowFixed, { body: { coin, symbol: scope.symbol } }),
    enabled: isLogin && coin !== '',
    refetchInterval: POLL_MS,
  });
}

/** Every coin's published rates, what its pool can still lend and its insurance fund (public). */
/** The pairs open to isolated margin and their maximum leverage (public). */
export function useMarginPairs() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: marginKeys.pairs,
    queryFn: () => api.quiet(marginPairs, {}),
    staleTime: 60_000,
  });
}

export function useMarginFunds() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: marginKeys.funds,
    queryFn: () => api.quiet(marginFunds, {}),
    staleTime: 60_000,
  });
}

export function useMarginHistory(a: string, kind: HistoryKind, page: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: marginKeys.history(a, kind, page),
    queryFn: () => api.quiet(marginBorrowOrders, { params: { a, b: kind, c: page } }),
    placeholderData: keepPreviousData,
  });
}

/** The orders of a margin account (`all`, a pair, or `fixed` for every isolated one). */
export function useMarginOrders(a: string, status: MarginOrderStatus, page: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: marginKeys.orders(a, status, page),
    queryFn: () => api.quiet(marginOrders, { params: { a, b: status, c: page } }),
    placeholderData: keepPreviousData,
  });
}

/** The money-moving calls of a scope, each with a fresh Idempotency-Key per attempt. */
export function useMarginActions(scope: MarginScope) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  const headers = (key: string) => ({ headers: { 'Idempotency-Key': key } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [SPOT_QUERY_ROOT] });
  const fixed = scope.account === 'fixed' ? scope.symbol : null;
  return {
    quote: (coin: string, amount: string) =>
      fixed
        ? api.quiet(marginPreborrowFixed, { body: { coin, amount, symbol: fixed } })
        : api.quiet(marginPreborrowAll, { body: { coin, amount } }),
    borrow: async (coin: string, amount: string, key: string) => {
      const done = fixed
        ? await api(marginBorrowFixed, { body: { coin, amount, symbol: fixed } }, headers(key))
        : await api(marginBorrowAll, { body: { coin, amount } }, headers(key));
      await refresh();
      return done;
    },
    repay: async (coin: string, amount: string, key: string) => {
      const done = fixed
        ? await api(marginRepayFixed, { body: { coin, amount, symbol: fixed } }, headers(key))
        : await api(marginRepayAll, { body: { coin, amount } }, headers(key));
      await refresh();
      return done;
    },
    transfer: async (coin: string, amount: string, direction: 'in' | 'out', key: string) => {
      const body = fixed
        ? { account: 'fixed' as const, symbol: fixed, coin, amount, direction }
        : { account: 'all' as const, coin, amount, direction };
      const done = await api(marginTransfer, { body }, headers(key));
      await refresh();
      return done;
    },
    leverage: async (leverage: number) => {
      if (!fixed) return null;
      const done = await api(marginFixedLeverage, { body: { symbol: fixed, leverage } });
      await refresh();
      return done;
    },
    newKey: randomKey,
  };
}
