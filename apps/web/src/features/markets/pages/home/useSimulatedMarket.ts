import { useQuery } from '@tanstack/react-query';
import { health, type HealthData } from '@meridian/contract/calls/system';
import { ApiError } from '../../../../shared/api/client.ts';
import { usePlatform } from '../../../../shared/platform/context.tsx';

/**
 * Whether this deployment's prices come from the index simulator (GET /api/health's market
 * component), for the home page's "Simulated market" badge. Asked once per visit: the
 * platform's health is the operators' (and monitoring's) concern, not a card on the home.
 */
export function useSimulatedMarket(): boolean {
  const { api } = usePlatform();
  const { data } = useQuery<HealthData>({
    queryKey: ['health'],
    queryFn: async () => {
      try {
        return await api.quiet(health);
      } catch (error) {
        // A degraded answer (503) still says where prices come from.
        const data = error instanceof ApiError ? health.data.safeParse(error.data) : null;
        if (data?.success) return data.data;
        throw error;
      }
    },
    staleTime: Infinity,
  });
  return data?.components.market.detail === 'simulated';
}
