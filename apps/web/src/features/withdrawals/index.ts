// What the app shell and other features may use of the withdrawals feature: the wallet
// pages' tabs (features/wallet/tabs.ts loads them lazily from here).
export { WithdrawalHistoryTab, WithdrawalTab, WithdrawTab } from './tabs.tsx';
