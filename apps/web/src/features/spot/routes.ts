import type { PageEntry } from '../../shared/routing/page.ts';
import { preloadTradeParts } from './pages/trade/order-form-part.ts';

// The trade page shows the market widgets, whose texts are the markets feature's.
const namespaces = ['spot', 'markets'];

/** The spot trade page's module, with what a wide screen shows of it at once (the form). */
async function loadTradePage() {
  preloadTradeParts(window.location.search);
  return import('./pages/trade/TradePage.tsx');
}

/** The spot pages: trading, the order centre and the published rules. */
export const spotRoutes: readonly PageEntry[] = [
  {
    path: '/trade/index',
    load: async () => (await loadTradePage()).TradePage,
    // `?type=sec` shows the second contracts (the seconds feature) on the same address,
    // `?type=usta` the U contracts and `?type=coin` the coin-margined ones (the perps
    // feature), which load their own messages with their modules (TradePage), as the
    // order form does the margin feature's (order-form-part.ts).
    namespaces,
    access: 'public',
    // The spot view's first screen draws with the app's own components; its order form,
    // market list, the signed-in orders and the other trade types bring antd's scope.
    withoutAntd: true,
    menus: [
      { placement: 'trade', label: 'menu.uContract', search: '?type=usta' },
      { placement: 'trade', label: 'menu.coinContract', search: '?type=coin' },
      { placement: 'trade', label: 'menu.secondContract', search: '?type=sec' },
      { placement: 'trade', label: 'menu.spot', search: '?type=spot' },
    ],
  },
  {
    path: '/exchange/index',
    load: async () => (await loadTradePage()).TradePage,
    namespaces,
    access: 'public',
    withoutAntd: true,
    menus: [],
  },
  {
    path: '/exchange/full-screen/:type',
    load: async () => (await loadTradePage()).FullScreenTradePage,
    namespaces,
    access: 'public',
    withoutAntd: true,
    menus: [],
  },
  {
    path: '/rule/index',
    load: async () => (await import('./pages/rules/RulesPage.tsx')).RulesPage,
    namespaces: [...namespaces, 'seconds', 'perps', 'margin'],
    access: 'public',
    menus: [{ placement: 'top', label: 'menu.rules' }],
  },
  {
    path: '/account/entrust/spot',
    load: async () => (await import('./pages/entrust/SpotEntrustPage.tsx')).default,
    // The published retention rule under the history (the retention feature's text).
    namespaces: [...namespaces, 'retention'],
    access: 'user',
    menus: [{ placement: 'assets', label: 'menu.orderCenter' }],
  },
];
