import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadNamespaces } from '../../../shared/i18n/index.ts';
import { defaultSocketUrl } from '../../../shared/realtime/socket-url.ts';
import { orderNotices } from './order-notices.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import type { SocketFactory } from '@meridian/sdk/realtime';
import { useSession } from '../../../shared/session/store.ts';
import { SPOT_QUERY_ROOT } from './query-root.ts';
import { openUserFeed } from './user-feed.ts';

/**
 * Keeps one user socket open while someone is signed in. A new token or another user
 * closes the old socket and opens one for the new session; logging out closes it.
 */
export function useUserFeed(createSocket?: SocketFactory): void {
  const { config } = usePlatform();
  const queryClient = useQueryClient();
  const userId = useSession((s) => (s.isLogin ? (s.userInfo?.userId ?? null) : null));
  const token = useSession((s) => (s.isLogin ? s.token : null));

  useEffect(() => {
    if (!userId || !token) return;
    // A fill may be told on any page: the spot messages come with the signed-in session.
    void loadNamespaces(['spot']);
    return openUserFeed({
      socketUrl: config.socketUrl || defaultSocketUrl(),
      userId,
      token,
      createSocket,
      invalidateSpot: () => void queryClient.invalidateQueries({ queryKey: [SPOT_QUERY_ROOT] }),
      // The same order's answer may have told it already: one notice per outcome.
      onOrderFilled: (symbol, orderId) => orderNotices.tell(orderId, symbol, 'filled'),
    });
  }, [config.socketUrl, userId, token, queryClient, createSocket]);
}

/** Mounted once in the layout: the user feed has no view of its own. */
export function UserFeed() {
  useUserFeed();
  return null;
}
