// What the app shell and other features may use of the spot feature; the rest is its own.
export { spotRoutes } from './routes.ts';
export { UserFeed } from './data/useUserFeed.ts';
export { HomeAccount } from './widgets/HomeAccount.tsx';
// The order table (columns, cells, cancel with confirmation, fills, empty and error
// states): the margin centres list their accounts' orders with it.
export { OrdersTable } from './orders/OrdersTable.tsx';
// Queries under this root reload on the user's own events (orders, fills, balances).
export { SPOT_QUERY_ROOT } from './data/query-root.ts';
