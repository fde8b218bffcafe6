import type { PageEntry } from '../../shared/routing/page.ts';

const namespaces = ['markets'];

/** The market pages: home, quotes, one market's live page and the exchange rates. */
export const marketsRoutes: readonly PageEntry[] = [
  {
    path: '/home/index',
    load: async () => (await import('./pages/home/HomePage.tsx')).HomePage,
    // A signed-in user's home shows their balances and orders, worded by the spot feature.
    namespaces: [...namespaces, 'spot'],
    access: 'public',
    menus: [{ placement: 'top', label: 'menu.home' }],
    // Drawn with the app's own components; the signed-in part brings antd with it.
    withoutAntd: true,
  },
  {
    path: '/quotes/index',
    load: async () => (await import('./pages/quotes/QuotesPage.tsx')).QuotesPage,
    // The contract tabs are the perps feature's.
    namespaces: [...namespaces, 'perps'],
    access: 'public',
    menus: [
      { placement: 'top', label: 'menu.market' },
      { placement: 'footer', label: 'menu.market' },
    ],
    // Drawn with the app's own components, the contract tabs included.
    withoutAntd: true,
  },
  {
    path: '/market/main',
    load: async () => (await import('./pages/market/MarketPage.tsx')).MarketPage,
    namespaces,
    access: 'public',
    menus: [{ placement: 'footer', label: 'menu.liveQuotes' }],
  },
  {
    path: '/rate/index',
    load: async () => (await import('./pages/rate/RatePage.tsx')).RatePage,
    namespaces,
    access: 'public',
    menus: [{ placement: 'footer', label: 'menu.rates' }],
  },
];
