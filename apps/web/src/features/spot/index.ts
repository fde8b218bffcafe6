// What the app shell and other features may use of the spot feature; the rest is its own.
import { lazy } from 'react';
import { withAntd } from '../../shared/ui/antd/scope.tsx';

export { spotRoutes } from './routes.ts';
export { UserFeed } from './data/useUserFeed.ts';
// The order table (columns, cells, cancel with confirmation, fills, empty and error
// states): the margin centres list their accounts' orders with it.
export { OrdersTable } from './orders/OrdersTable.tsx';
// Queries under this root reload on the user's own events (orders, fills, balances).
export { SPOT_QUERY_ROOT } from './data/query-root.ts';

const loadHomeAccount = withAntd(
  async () => (await import('./widgets/HomeAccount.tsx')).HomeAccount,
);

/**
 * A signed-in user's balances and latest orders on the home page: loaded for a signed-in
 * user only, with antd's scope (the home page draws without antd).
 */
export const HomeAccount = lazy(async () => ({ default: await loadHomeAccount() }));
