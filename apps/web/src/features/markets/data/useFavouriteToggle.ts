import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '../../../shared/router/index.tsx';
import type { MarketRow } from '@meridian/contract/calls/market';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { useMarketLayer } from './hooks.ts';
import { rowSymbol } from './symbols.ts';
import { useSession } from '../../../shared/session/store.ts';

/**
 * Seed section 4: adding or removing a favourite needs login, else the login page opens
 * and brings the user back here afterwards. The store queues and rolls back; this tells
 * the user when a change did not stick, and brings the cached lists in line with a
 * change that did, so a page opened later does not load an old `collect` flag over it.
 */
export function useFavouriteToggle() {
  const { t } = useTranslation('markets');
  const { favourites } = useMarketLayer();
  const queryClient = useQueryClient();
  const isLogin = useSession((s) => s.isLogin);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (symbol: string) => {
      if (!isLogin) {
        navigate(`/user/login?redirect=${encodeURIComponent(pathname + search)}`);
        return;
      }
      void favourites.toggle(symbol).then((ok) => {
        if (!ok) {
          notifier.notify('error', t('market.favouriteFailed'));
          return;
        }
        const collect = favourites.store.getState().starred[symbol] === true ? 1 : 0;
        for (const list of ['spot', 'contract']) {
          queryClient.setQueriesData<MarketRow[]>({ queryKey: ['market', 'rows', list] }, (rows) =>
            rows?.map((row) => (rowSymbol(row) === symbol ? { ...row, collect } : row)),
          );
        }
        // The watchlist is fetched again when next shown rather than patched here.
        queryClient.removeQueries({ queryKey: ['market', 'rows', 'optional'], type: 'inactive' });
      });
    },
    [favourites, isLogin, navigate, pathname, search, queryClient, t],
  );
}
