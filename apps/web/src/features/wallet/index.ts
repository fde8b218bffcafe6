// What the app shell and other features may use of the wallet feature; the rest is its own.
export { walletRoutes } from './routes.ts';
export type { AssetsTabKey, TabEntry, WalletTabKey } from './tabs.ts';
