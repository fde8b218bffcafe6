import type { RouteObject } from 'react-router';
import { loadNamespaces } from '../../shared/i18n/index.ts';

/**
 * The console under /ops: one route outside the exchange's layout (its own header, side
 * navigation and session). It is all one lazily loaded module with its own page chunks
 * and messages, so the exchange's pages carry none of it; only this object is in the shell.
 */
export const opsRoute: RouteObject = {
  path: '/ops/*',
  lazy: async () => {
    const [module] = await Promise.all([
      import('./shell/OpsApp.tsx'),
      loadNamespaces(['ops', 'retention']),
    ]);
    return { Component: module.default };
  },
  hydrateFallbackElement: <div className="page-pending" aria-busy="true" />,
};
