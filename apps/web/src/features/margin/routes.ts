import type { PageEntry } from '../../shared/routing/page.ts';

/**
 * The margin pages besides the spot trade page's Cross and Isolated modes (the spot
 * feature's address, which loads this feature's panel): the order centres of the cross
 * account and of the isolated accounts. Their orders show in the spot feature's order
 * table, whose texts are the spot and markets features'.
 */
export const marginRoutes: readonly PageEntry[] = [
  {
    path: '/account/entrust/margin-all',
    load: async () => (await import('./pages/MarginEntrustPage.tsx')).default,
    namespaces: ['margin', 'spot', 'markets'],
    access: 'user',
    menus: [],
  },
  {
    path: '/account/entrust/margin-fixed',
    load: async () => (await import('./pages/MarginEntrustPage.tsx')).FixedEntrustPage,
    namespaces: ['margin', 'spot', 'markets'],
    access: 'user',
    menus: [],
  },
];
