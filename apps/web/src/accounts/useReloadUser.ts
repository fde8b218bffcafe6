import { getInfo } from '@meridian/contract';
import { usePlatform } from '../platform/context.tsx';
import { useSession } from '../session/store.ts';

/** Fetches the profile again after a change the page just made. */
export function useReloadUser() {
  const { api } = usePlatform();
  return async () => {
    useSession.getState().setUserInfo(await api.quiet(getInfo));
  };
}
