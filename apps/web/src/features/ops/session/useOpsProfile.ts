import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { operatorLogout, operatorMe } from '@meridian/contract/calls/operators';
import { useOpsApi } from './context.tsx';
import { opsKeys } from './keys.ts';
import { useOpsSession } from './session-store.ts';

/**
 * A token kept from earlier in this tab is checked once: `me` says who it is and what the
 * role may do now (an admin may have changed it). A 401 clears the session through the
 * client's rules, and the layout's guard then shows the login.
 */
export function useOpsProfile() {
  const api = useOpsApi();
  const token = useOpsSession((s) => s.token);
  const operator = useOpsSession((s) => s.operator);
  const setProfile = useOpsSession((s) => s.setProfile);
  const me = useQuery({
    queryKey: opsKeys.me(token),
    queryFn: () => api.quiet(operatorMe),
    enabled: token !== null && operator === null,
    retry: false,
  });
  useEffect(() => {
    if (me.data) setProfile(me.data);
  }, [me.data, setProfile]);
  return { token, operator, failed: me.isError, error: me.error, retry: () => void me.refetch() };
}

/**
 * Signing out ends the session on the server (best effort: a lost network still signs out
 * here) and forgets every answer of this operator, so the next one sees none of them.
 */
export function useOpsSignOut() {
  const api = useOpsApi();
  const queryClient = useQueryClient();
  return async () => {
    await api.quiet(operatorLogout).catch(() => undefined);
    useOpsSession.getState().clear();
    queryClient.removeQueries({ queryKey: opsKeys.all });
  };
}
