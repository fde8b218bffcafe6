import { contentRoutes } from '../../features/content/index.ts';
import { earnRoutes } from '../../features/earn/index.ts';
import { identityRoutes } from '../../features/identity/index.ts';
import { marginRoutes } from '../../features/margin/index.ts';
import { marketsRoutes } from '../../features/markets/index.ts';
import { perpsRoutes } from '../../features/perps/index.ts';
import { spotRoutes } from '../../features/spot/index.ts';
import { verificationRoutes } from '../../features/verification/index.ts';
import { walletRoutes } from '../../features/wallet/index.ts';
import type { PageEntry } from '../../shared/routing/page.ts';

export type { Access, MenuEntry, MenuPlacement, PageEntry } from '../../shared/routing/page.ts';

/**
 * Every page of the app, assembled from the features' route lists: its route, its lazily
 * loaded module and namespaces, who may see it and where its menu entries go. Menus are
 * derived from this list, so an entry only shows once its page exists and no menu item
 * ever leads nowhere. Order is menu order.
 */
export const PAGES: readonly PageEntry[] = [
  ...marketsRoutes,
  // Before spot: the asset dropdown lists the wallet's entries, then the order centre.
  ...walletRoutes,
  ...spotRoutes,
  ...perpsRoutes,
  ...marginRoutes,
  ...earnRoutes,
  ...identityRoutes,
  ...verificationRoutes,
  ...contentRoutes,
];
