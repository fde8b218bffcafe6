import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getBankCard, getVerification } from '@meridian/contract/calls/verification';
import { usePlatform } from '../../../shared/platform/context.tsx';

const STATUS_KEY = ['verification', 'status'] as const;
const BANK_KEY = ['verification', 'bankCard'] as const;

/** The signed-in user's verification (state, primary data, latest advanced submission). */
export function useVerificationStatus() {
  const { api } = usePlatform();
  return useQuery({ queryKey: STATUS_KEY, queryFn: () => api(getVerification) });
}

/** The user's bound bank card (masked), or null. */
export function useBankCard() {
  const { api } = usePlatform();
  return useQuery({ queryKey: BANK_KEY, queryFn: () => api(getBankCard) });
}

/** After a submission: every verification answer is fetched again. */
export function useRefreshVerification() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['verification'] });
}
