import { useQuery } from '@tanstack/react-query';
import { coinWallet } from '@meridian/contract';
import { usePlatform } from '../../platform/context.tsx';
import { useSession } from '../../session/store.ts';

/**
 * The user's available and held base and quote. The key starts with 'spot' on purpose:
 * the user feed invalidates ['spot'] on every order, fill and balance event of the user.
 */
export function useSpotWallet(base: string, quote: string) {
  const { api } = usePlatform();
  const isLogin = useSession((s) => s.isLogin);
  return useQuery({
    queryKey: ['spot', 'wallet', base, quote],
    queryFn: () => api.quiet(coinWallet, { params: { a: base, b: quote } }),
    enabled: isLogin,
  });
}
