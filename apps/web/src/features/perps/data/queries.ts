import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  coinContractCloseAll,
  coinContractDetail,
  coinContractLeverage,
  coinContractMarginMode,
  coinFundingRate,
  coinGetContract,
  contractAccount,
  contractDepth,
  contractFillList,
  contractFundingList,
  contractInsurance,
  contractLossCancel,
  contractLossSet,
  contractOrderCancel,
  contractOrderList,
  contractOrderSubmit,
  contractPositionAdjust,
  contractPositionClose,
  contractPositionList,
  contractSettings,
  contractTrades,
  type PerpOrderInput,
} from '@meridian/contract/calls/perps';
import { randomKey } from '../../../shared/api/idempotency.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { scopeName, type ListScope } from './csv.ts';
import { CONTRACT_TYPE, type PerpKind } from './kind.ts';

/**
 * Every query of the user's contract account sits under one root, so one invalidation
 * after any order, close or margin change reloads positions, orders and the account.
 */
export const PERPS_USER_ROOT = 'perps-user';
/** Positions, orders and the account poll this often while the page is visible. */
export const USER_POLL_MS = 2_000;
/** The book and the trades: public, polled until the server publishes them on a socket. */
export const BOOK_POLL_MS = 1_000;

export type OrderStatusFilter = 'open' | 'history' | 'all';

export const perpsKeys = {
  user: [PERPS_USER_ROOT] as const,
  positions: [PERPS_USER_ROOT, 'positions'] as const,
  account: (coin: string) => [PERPS_USER_ROOT, 'account', coin] as const,
  settings: [PERPS_USER_ROOT, 'settings'] as const,
  orders: (scope: ListScope, status: OrderStatusFilter, page: number, size: number) =>
    [PERPS_USER_ROOT, 'orders', scopeName(scope), status, page, size] as const,
  fills: (scope: ListScope, page: number, size: number) =>
    [PERPS_USER_ROOT, 'fills', scopeName(scope), page, size] as const,
  funding: (scope: ListScope, page: number, size: number) =>
    [PERPS_USER_ROOT, 'funding', scopeName(scope), page, size] as const,
};

const useSignedIn = () => useSession((s) => s.isLogin);

/** The published markets with their rules (tiers, fees, funding). */
export function usePerpMarkets() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['public', 'perps', 'markets'],
    queryFn: () => api.quiet(coinGetContract),
    staleTime: 60_000,
  });
}

/** Live figures of every market (the quotes tabs) or of the listed ones. */
export function usePerpTickers(symbols: readonly string[] = [], poll = 5_000) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['public', 'perps', 'tickers', ...symbols],
    queryFn: () => api.quiet(coinContractDetail, { body: { symbolNameList: [...symbols] } }),
    refetchInterval: poll,
    refetchIntervalInBackground: false,
  });
}

/** One market's mark, index, funding and 24 h figures. */
export function usePerpTicker(symbol: string) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['public', 'perps', 'ticker', symbol],
    queryFn: () => api.quiet(coinFundingRate, { query: { symbolName: symbol } }),
    refetchInterval: BOOK_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export function usePerpDepth(symbol: string, limit: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['public', 'perps', 'depth', symbol, limit],
    queryFn: () => api.quiet(contractDepth, { query: { symbol, limit } }),
    refetchInterval: BOOK_POLL_MS,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}

export function usePerpTrades(symbol: string, limit: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['public', 'perps', 'trades', symbol, limit],
    queryFn: () => api.quiet(contractTrades, { query: { symbol, limit } }),
    refetchInterval: BOOK_POLL_MS,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}

export function useInsurance() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['public', 'perps', 'insurance'],
    queryFn: () => api.quiet(contractInsurance),
    refetchInterval: 30_000,
  });
}

/* ------------------------------------------------------------------ the user's */

const poll = { refetchInterval: USER_POLL_MS, refetchIntervalInBackground: false } as const;

export function usePositions(enabled = true) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: perpsKeys.positions,
    queryFn: () => api.quiet(contractPositionList, { query: {} }),
    enabled: useSignedIn() && enabled,
    ...poll,
  });
}

/** The contract account in one margin coin: USDT, or an inverse market's coin. */
export function usePerpAccount(coin = 'USDT') {
  const { api } = usePlatform();
  const upper = coin.toUpperCase();
  return useQuery({
    queryKey: perpsKeys.account(upper),
    queryFn: () => api.quiet(contractAccount, { query: upper === 'USDT' ? {} : { coin: upper } }),
    enabled: useSignedIn(),
    ...poll,
  });
}

export function usePerpSettings() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: perpsKeys.settings,
    queryFn: () => api.quiet(contractSettings),
    enabled: useSignedIn(),
  });
}

export function usePerpOrders(
  query: { scope: ListScope; status: OrderStatusFilter; page: number; size: number },
  live = false,
) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: perpsKeys.orders(query.scope, query.status, query.page, query.size),
    queryFn: () =>
      api.quiet(contractOrderList, {
        query: {
          ...query.scope,
          status: query.status,
          current: query.page,
          size: query.size,
        },
      }),
    enabled: useSignedIn(),
    placeholderData: keepPreviousData,
    ...(live ? poll : {}),
  });
}

export function usePerpFills(query: { scope: ListScope; page: number; size: number }) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: perpsKeys.fills(query.scope, query.page, query.size),
    queryFn: () =>
      api.quiet(contractFillList, {
        query: {
          ...query.scope,
          current: query.page,
          size: query.size,
        },
      }),
    enabled: useSignedIn(),
    placeholderData: keepPreviousData,
  });
}

export function usePerpFunding(query: { scope: ListScope; page: number; size: number }) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: perpsKeys.funding(query.scope, query.page, query.size),
    queryFn: () =>
      api.quiet(contractFundingList, {
        query: {
          ...query.scope,
          current: query.page,
          size: query.size,
        },
      }),
    enabled: useSignedIn(),
    placeholderData: keepPreviousData,
  });
}

/* ------------------------------------------------------------------ changes */

const reload = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: perpsKeys.user });

/**
 * Every change goes through the request rules' popup on a refusal (the server's words, in
 * the user's language), and reloads the user's contract data however it ends.
 */
function useChange<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => reload(client) });
}

export function useSubmitOrder() {
  const { api } = usePlatform();
  return useChange(({ body, key }: { body: PerpOrderInput; key: string }) =>
    api(contractOrderSubmit, { body }, { headers: { 'Idempotency-Key': key } }),
  );
}

export function useCancelPerpOrder() {
  const { api } = usePlatform();
  return useChange((id: string) => api(contractOrderCancel, { query: { id } }));
}

export function useClosePosition() {
  const { api } = usePlatform();
  return useChange(({ id, key }: { id: string; key: string }) =>
    api(contractPositionClose, { query: { id } }, { headers: { 'Idempotency-Key': key } }),
  );
}

/** Closes every position of one kind (U or B), or those of the listed markets. */
export function useCloseAll(kind: PerpKind) {
  const { api } = usePlatform();
  return useChange(({ symbols, key }: { symbols: string[]; key: string }) =>
    api(
      coinContractCloseAll,
      { body: { oneKeySymbolNameList: symbols, contractType: CONTRACT_TYPE[kind] } },
      { headers: { 'Idempotency-Key': key } },
    ),
  );
}

export function useAdjustMargin() {
  const { api } = usePlatform();
  return useChange(
    ({ id, money, flag, key }: { id: string; money: string; flag: 'add' | 'remove'; key: string }) =>
      api(
        contractPositionAdjust,
        { query: { id, money, flag } },
        { headers: { 'Idempotency-Key': key } },
      ),
  );
}

export function useSetStops() {
  const { api } = usePlatform();
  return useChange(
    ({
      key,
      ...body
    }: {
      id: string;
      takeProfitPrice?: string;
      stopLossPrice?: string;
      trigger: 'mark' | 'last';
      key: string;
    }) => api(contractLossSet, { body }, { headers: { 'Idempotency-Key': key } }),
  );
}

export function useCancelStops() {
  const { api } = usePlatform();
  return useChange(
    ({ id, which }: { id: string; which: 'both' | 'takeProfit' | 'stopLoss' }) =>
      api(contractLossCancel, { query: { id, which } }),
  );
}

export function useSetLeverage() {
  const { api } = usePlatform();
  return useChange(({ symbol, leverage }: { symbol: string; leverage: number }) =>
    api(coinContractLeverage, { body: { symbol, leverage } }),
  );
}

export function useSetMarginMode() {
  const { api } = usePlatform();
  return useChange(({ symbol, marginMode }: { symbol: string; marginMode: 'isolated' | 'cross' }) =>
    api(coinContractMarginMode, { body: { symbol, marginMode } }),
  );
}

/** A fresh Idempotency-Key (random bits; `randomUUID` needs a secure context). */
export const newKey = randomKey;
