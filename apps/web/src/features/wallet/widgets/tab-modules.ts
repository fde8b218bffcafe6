// The wallet feature's own tabs, one chunk: what `tabs.ts` loads when a tab is first shown.
export {
  AssetListTab,
  ContractWalletTab,
  FinanceWalletTab,
  OverviewTab,
} from './overview/tabs.tsx';
export { TransferTab } from './transfer/TransferTab.tsx';
export { BillsTab } from './bills/BillsTab.tsx';
