import { getInfo } from '@meridian/contract/calls/user';
import { usePlatform } from '../../shared/platform/context.tsx';
import { useSession } from '../../shared/session/store.ts';

/** Fetches the profile again after a change the page just made. */
export function useReloadUser() {
  const { api } = usePlatform();
  return async () => {
    useSession.getState().setUserInfo(await api.quiet(getInfo));
  };
}
