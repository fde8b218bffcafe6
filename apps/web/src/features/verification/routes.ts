import type { PageEntry } from '../../shared/routing/page.ts';

/**
 * The verification pages of their own. Its forms are tabs of `/user/index` (primary,
 * advanced, bank, certified) and of the account centre (kyc), which the identity feature
 * draws from `tabs.tsx`; `/account/center/kyc` (issue 16's address) opens that tab.
 */
export const verificationRoutes: readonly PageEntry[] = [
  {
    path: '/account/center/kyc',
    load: async () => (await import('./pages/KycRedirect.tsx')).default,
    access: 'user',
    menus: [],
  },
];
