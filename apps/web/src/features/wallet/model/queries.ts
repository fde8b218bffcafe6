import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getCurrencyAccount,
  getMyBill,
  getWalletAccount,
  transferFunds,
  type BillQuery,
  type TransferResult,
} from '@meridian/contract/calls/wallet';
import { SPOT_QUERY_ROOT } from '../../spot/index.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSession } from '../../../shared/session/store.ts';

/**
 * Under the user feed's root, so every order, fill and balance event of the user reloads
 * the wallet's figures as it does the spot ones.
 */
export const walletKeys = {
  all: [SPOT_QUERY_ROOT, 'wallet'] as const,
  account: () => [SPOT_QUERY_ROOT, 'wallet', 'account'] as const,
  coin: (coin: string) => [SPOT_QUERY_ROOT, 'wallet', 'coin', coin] as const,
  bills: (q: BillQuery) => [SPOT_QUERY_ROOT, 'wallet', 'bills', q] as const,
};

const useSignedIn = () => useSession((s) => s.isLogin);

/** Every wallet with its coins, in USDT (pages convert to the display currency). */
export function useWalletAccount() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: walletKeys.account(),
    queryFn: () => api.quiet(getWalletAccount, { query: { type: '0' } }),
    enabled: useSignedIn(),
  });
}

/** One coin in every wallet, with the decimals it is counted in. */
export function useCoinAccount(coin: string | undefined) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: walletKeys.coin(coin ?? ''),
    queryFn: () => api.quiet(getCurrencyAccount, { body: { coin: coin! } }),
    enabled: useSignedIn() && coin !== undefined,
  });
}

export function useBills(query: BillQuery) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: walletKeys.bills(query),
    queryFn: () => api.quiet(getMyBill, { body: query }),
    enabled: useSignedIn(),
    placeholderData: keepPreviousData,
  });
}

export interface TransferRequest {
  body: { from: '1' | '2' | '3'; to: '1' | '2' | '3'; coin: string; amount: string };
  /** One key per confirmed transfer: a retry after a lost answer moves nothing twice. */
  key: string;
}

/**
 * A transfer, with the server's refusal shown by the request rules' popup; the wallet's
 * figures reload either way, so what is shown is what the ledger holds.
 */
export function useTransfer(onDone: (result: TransferResult) => void) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: TransferRequest) =>
      api(transferFunds, { body }, { headers: { 'Idempotency-Key': key } }),
    onSuccess: onDone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
