import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from '../../../shared/router/index.tsx';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { loadNamespaces } from '../../../shared/i18n/index.ts';
import { userEvents } from '../../../shared/realtime/user-events.ts';
import { useSession } from '../../../shared/session/store.ts';
import { marginKeys } from './queries.ts';
import { listenToMarginWarnings, tellMarginWarning, warningTradePath } from './warnings.ts';

/**
 * While someone is signed in, tells them of a margin warning on any page (the server sends
 * one per dip of an account's level to 1.3, and an email): a notice with a button to the
 * account's trade page, and the margin accounts reloaded so the gauge shows the level.
 */
export function useMarginWarnings(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isLogin = useSession((s) => s.isLogin);

  useEffect(() => {
    if (!isLogin) return;
    return listenToMarginWarnings(userEvents, (warning) => {
      void queryClient.invalidateQueries({ queryKey: marginKeys.all });
      // The page open when the warning arrives: the cross account's button keeps its pair.
      const path = warningTradePath(warning.account, window.location);
      void loadNamespaces(['margin']).then(() =>
        tellMarginWarning(notifier, warning, () => navigate(path)),
      );
    });
  }, [isLogin, queryClient, navigate]);
}

/** Mounted once in the layout: the margin warnings have no view of their own. */
export function MarginWarnings() {
  useMarginWarnings();
  return null;
}
