import type { ComponentType } from 'react';

/** Where a page shows up in the menus of seed section 2. */
export type MenuPlacement =
  | 'top' // the top menu
  | 'trade' // the top menu's trade dropdown
  | 'footer' // the footer links
  | 'assets' // the asset-management dropdown (signed in)
  | 'avatar' // the avatar dropdown (signed in)
  | 'guest'; // the header buttons of a visitor (login, register)

/** Who may open a page: anyone, only visitors (login, register), or signed-in users. */
export type Access = 'public' | 'guest' | 'user';

export interface MenuEntry {
  placement: MenuPlacement;
  /** i18n key of the label. */
  label: string;
  /** Query that opens the page in a given state, e.g. `?type=spot`. */
  search?: string;
}

export interface PageEntry {
  path: string;
  /** The page module, loaded when the route is first visited. */
  load: () => Promise<ComponentType>;
  access: Access;
  menus: MenuEntry[];
}

/**
 * Every page of the app, declared once: its route, its lazily loaded module, who may see
 * it and where its menu entries go. Menus are derived from this list, so an entry only
 * shows once its page exists and no menu item ever leads nowhere. Order is menu order.
 */
export const PAGES: readonly PageEntry[] = [
  {
    path: '/home/index',
    load: async () => (await import('../pages/home/HomePage.tsx')).HomePage,
    access: 'public',
    menus: [{ placement: 'top', label: 'menu.home' }],
  },
  {
    path: '/quotes/index',
    load: async () => (await import('../pages/quotes/QuotesPage.tsx')).QuotesPage,
    access: 'public',
    menus: [
      { placement: 'top', label: 'menu.market' },
      { placement: 'footer', label: 'menu.market' },
    ],
  },
  {
    path: '/market/main',
    load: async () => (await import('../pages/market/MarketPage.tsx')).MarketPage,
    access: 'public',
    menus: [{ placement: 'footer', label: 'menu.liveQuotes' }],
  },
  {
    path: '/trade/index',
    load: async () => (await import('../pages/trade/TradePage.tsx')).TradePage,
    access: 'public',
    menus: [{ placement: 'trade', label: 'menu.spot', search: '?type=spot' }],
  },
  {
    path: '/exchange/index',
    load: async () => (await import('../pages/trade/TradePage.tsx')).TradePage,
    access: 'public',
    menus: [],
  },
  {
    path: '/exchange/full-screen/:type',
    load: async () => (await import('../pages/trade/TradePage.tsx')).FullScreenTradePage,
    access: 'public',
    menus: [],
  },
  {
    path: '/rate/index',
    load: async () => (await import('../pages/rate/RatePage.tsx')).RatePage,
    access: 'public',
    menus: [{ placement: 'footer', label: 'menu.rates' }],
  },
  {
    path: '/rule/index',
    load: async () => (await import('../pages/rule/RulesPage.tsx')).RulesPage,
    access: 'public',
    menus: [{ placement: 'top', label: 'menu.rules' }],
  },
  {
    path: '/user/login',
    load: async () => (await import('../pages/user/LoginPage.tsx')).default,
    access: 'guest',
    menus: [{ placement: 'guest', label: 'menu.login' }],
  },
  {
    path: '/user/register',
    load: async () => (await import('../pages/user/RegisterPage.tsx')).default,
    access: 'guest',
    menus: [{ placement: 'guest', label: 'menu.register' }],
  },
  {
    path: '/user/reset',
    load: async () => (await import('../pages/user/ResetPage.tsx')).default,
    access: 'guest',
    menus: [],
  },
  {
    path: '/user/index',
    load: async () => (await import('../pages/user/UserIndexPage.tsx')).default,
    access: 'public',
    menus: [
      { placement: 'avatar', label: 'menu.fundPassword', search: '?key=tardPwd' },
      { placement: 'footer', label: 'menu.terms', search: '?key=termsService' },
      { placement: 'footer', label: 'menu.help', search: '?key=helper' },
    ],
  },
  {
    path: '/account/center',
    load: async () => (await import('../pages/account/AccountCenterPage.tsx')).default,
    access: 'user',
    menus: [
      { placement: 'avatar', label: 'menu.accountCenter' },
      { placement: 'avatar', label: 'menu.security', search: '?tab=security' },
      { placement: 'avatar', label: 'menu.devices', search: '?tab=device-management' },
      { placement: 'avatar', label: 'menu.apiKeys', search: '?tab=api' },
    ],
  },
  {
    path: '/account/entrust/spot',
    load: async () => (await import('../pages/account/entrust/SpotEntrustPage.tsx')).default,
    access: 'user',
    menus: [{ placement: 'assets', label: 'menu.orderCenter' }],
  },
  ...(
    [
      ['phone', 'PhonePage'],
      ['google', 'GooglePage'],
      ['email', 'EmailPage'],
      ['login-pwd', 'LoginPwdPage'],
      ['trade-pwd', 'TradePwdPage'],
      ['anti-code', 'AntiCodePage'],
    ] as const
  ).map(([slug, module]): PageEntry => ({
    path: `/account/setting/${slug}`,
    load: async () =>
      (
        (await import(`../pages/account/setting/${module}.tsx`)) as {
          default: ComponentType;
        }
      ).default,
    access: 'user',
    menus: [],
  })),
];
