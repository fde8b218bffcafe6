import { EmptyState } from '../../../../shared/ui/EmptyState.tsx';

export function OverviewTab() {
  return <EmptyState />;
}
export function FinanceWalletTab() {
  return <EmptyState />;
}
export function ContractWalletTab() {
  return <EmptyState />;
}
export function AssetListTab() {
  return <EmptyState />;
}
