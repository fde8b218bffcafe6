import type { PageEntry } from '../../shared/routing/page.ts';

const namespaces = ['earn'];

/**
 * Staking (seed: /pledge/index, /pledge/add, /pledge/order; no footer on /pledge/) and the
 * finance products (/finance/investment with its four tabs, /finance/detail, no footer).
 */
export const earnRoutes: readonly PageEntry[] = [
  {
    path: '/pledge/index',
    load: async () => (await import('./pages/PledgeIndexPage.tsx')).PledgeIndexPage,
    namespaces,
    access: 'public',
    menus: [
      { placement: 'top', label: 'menu.staking' },
      { placement: 'footer', label: 'menu.staking' },
    ],
  },
  {
    path: '/pledge/add',
    load: async () => (await import('./pages/PledgeAddPage.tsx')).PledgeAddPage,
    namespaces,
    access: 'public',
    menus: [],
  },
  {
    path: '/pledge/order',
    load: async () => (await import('./pages/PledgeOrderPage.tsx')).PledgeOrderPage,
    namespaces,
    access: 'user',
    menus: [],
  },
  {
    path: '/finance/investment',
    load: async () => (await import('./pages/FinanceInvestmentPage.tsx')).FinanceInvestmentPage,
    namespaces,
    access: 'public',
    menus: [{ placement: 'top', label: 'menu.finance' }],
  },
  {
    path: '/finance/detail',
    load: async () => (await import('./pages/FinanceDetailPage.tsx')).FinanceDetailPage,
    namespaces,
    access: 'public',
    menus: [],
  },
];
