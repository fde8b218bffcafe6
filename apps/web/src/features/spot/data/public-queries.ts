import { useQuery } from '@tanstack/react-query';
import { securityFund, spotMarkets } from '@meridian/contract/calls/spot';
import { usePlatform } from '../../../shared/platform/context.tsx';

/** The published rules of every spot market; they change only with a new deployment. */
export function useSpotMarketRules() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['public', 'spotMarkets'],
    queryFn: () => api.quiet(spotMarkets),
    staleTime: 5 * 60_000,
  });
}

/** The asset security fund's public balances; every trade adds to them. */
export function useSecurityFund() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['public', 'securityFund'],
    queryFn: () => api.quiet(securityFund),
    refetchInterval: 60_000,
  });
}
