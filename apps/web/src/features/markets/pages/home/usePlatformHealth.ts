import { useQuery } from '@tanstack/react-query';
import { health, type HealthData } from '@meridian/contract/calls/system';
import { ApiError } from '../../../../shared/api/client.ts';
import { usePlatform } from '../../../../shared/platform/context.tsx';

/** The platform's health; a degraded answer (503) still carries the components to show. */
export function usePlatformHealth() {
  const { api } = usePlatform();
  return useQuery<HealthData>({
    queryKey: ['health'],
    queryFn: async () => {
      try {
        return await api.quiet(health);
      } catch (error) {
        const data = error instanceof ApiError ? health.data.safeParse(error.data) : null;
        if (data?.success) return data.data;
        throw error;
      }
    },
    refetchInterval: 30_000,
  });
}
