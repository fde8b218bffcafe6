import type { PageEntry } from '../../shared/routing/page.ts';

// The trade screens show the markets feature's chart data, whose texts are its own.
const namespaces = ['perps', 'markets'];

/**
 * The perpetual pages besides `/trade/index?type=usta|coin` (the spot feature's address,
 * which hands those types to this feature): the full-screen view (`usta` or `coin`) and
 * the order centres of U contracts and coin-margined contracts.
 */
export const perpsRoutes: readonly PageEntry[] = [
  {
    path: '/exchange/full-contract/:type',
    load: async () => (await import('./pages/PerpTradePage.tsx')).FullContractPage,
    namespaces,
    access: 'public',
    menus: [],
  },
  {
    path: '/account/entrust/future/u',
    load: async () => (await import('./pages/PerpEntrustPage.tsx')).default,
    namespaces: ['perps'],
    access: 'user',
    menus: [],
  },
  {
    path: '/account/entrust/future/coin',
    load: async () => (await import('./pages/PerpEntrustPage.tsx')).CoinEntrustPage,
    namespaces: ['perps'],
    access: 'user',
    menus: [],
  },
];
