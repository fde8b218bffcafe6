import type { MenuEntry, PageEntry } from '../../shared/routing/page.ts';
import { ASSETS_TABS, tabNamespaces, WALLET_TABS, type TabEntry } from './tabs.ts';

/** The header's asset dropdown: one entry per tab that has one, in registry order. */
function assetMenus(tabs: readonly TabEntry[]): MenuEntry[] {
  return tabs.flatMap((tab) =>
    tab.menu ? [{ placement: 'assets' as const, label: tab.menu, search: `?key=${tab.key}` }] : [],
  );
}

const loadAccountWallet = async () => (await import('./pages/AccountWalletPage.tsx')).default;

/** The asset centre and the account centre's wallet, whose tabs come from `tabs.ts`. */
export const walletRoutes: readonly PageEntry[] = [
  {
    path: '/assets/index',
    load: async () => (await import('./pages/AssetsIndexPage.tsx')).default,
    namespaces: tabNamespaces(ASSETS_TABS),
    access: 'user',
    menus: assetMenus(ASSETS_TABS),
  },
  {
    path: '/account/wallet',
    load: loadAccountWallet,
    namespaces: tabNamespaces(WALLET_TABS),
    access: 'user',
    menus: [],
  },
  {
    path: '/account/wallet/:tab',
    load: loadAccountWallet,
    namespaces: tabNamespaces(WALLET_TABS),
    access: 'user',
    menus: [],
  },
];
