// What the app shell and other features may use of the deposits feature: the wallet
// pages' tabs (features/wallet/tabs.ts loads them lazily from here).
export { DepositHistoryTab, DepositTab, RechargeTab } from './tabs.tsx';
