import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { notifier } from '../../feedback/notifier.ts';
import { useMarketLayer } from '../../market/hooks.ts';
import { useSession } from '../../session/store.ts';

/**
 * Seed section 4: adding or removing a favourite needs login, else the login page opens
 * and brings the user back here afterwards. The store queues and rolls back; this only
 * tells the user when a change did not stick.
 */
export function useFavouriteToggle() {
  const { t } = useTranslation();
  const { favourites } = useMarketLayer();
  const isLogin = useSession((s) => s.isLogin);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (symbol: string) => {
    if (!isLogin) {
      void navigate(`/user/login?redirect=${encodeURIComponent(pathname + search)}`);
      return;
    }
    void favourites.toggle(symbol).then((ok) => {
      if (!ok) notifier.notify('error', t('market.favouriteFailed'));
    });
  };
}
