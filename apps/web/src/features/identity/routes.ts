import type { ComponentType } from 'react';
import type { PageEntry } from '../../shared/routing/page.ts';

const namespaces = ['identity'];
// The user index and the account centre show the verification feature's tabs.
const withVerification = ['identity', 'verification'];

/** The account pages: sign-up and login, the user index, the account centre, security. */
export const identityRoutes: readonly PageEntry[] = [
  {
    path: '/user/login',
    load: async () => (await import('./pages/LoginPage.tsx')).default,
    namespaces,
    access: 'guest',
    menus: [{ placement: 'guest', label: 'menu.login' }],
  },
  {
    path: '/user/register',
    load: async () => (await import('./pages/RegisterPage.tsx')).default,
    namespaces,
    access: 'guest',
    menus: [{ placement: 'guest', label: 'menu.register' }],
  },
  {
    path: '/user/reset',
    load: async () => (await import('./pages/ResetPage.tsx')).default,
    namespaces,
    access: 'guest',
    menus: [],
  },
  {
    path: '/user/index',
    load: async () => (await import('./pages/UserIndexPage.tsx')).default,
    namespaces: withVerification,
    access: 'public',
    menus: [
      { placement: 'avatar', label: 'menu.verification', search: '?key=certified' },
      { placement: 'avatar', label: 'menu.bankCard', search: '?key=bank' },
      { placement: 'avatar', label: 'menu.fundPassword', search: '?key=tardPwd' },
    ],
  },
  {
    path: '/account/center',
    load: async () => (await import('./pages/AccountCenterPage.tsx')).default,
    namespaces: withVerification,
    access: 'user',
    menus: [
      { placement: 'avatar', label: 'menu.accountCenter' },
      { placement: 'avatar', label: 'menu.security', search: '?tab=security' },
      { placement: 'avatar', label: 'menu.devices', search: '?tab=device-management' },
      { placement: 'avatar', label: 'menu.apiKeys', search: '?tab=api' },
    ],
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
      ((await import(`./pages/setting/${module}.tsx`)) as { default: ComponentType }).default,
    namespaces,
    access: 'user',
    menus: [],
  })),
];
