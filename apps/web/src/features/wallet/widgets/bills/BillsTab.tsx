import { EmptyState } from '../../../../shared/ui/EmptyState.tsx';

export function BillsTab() {
  return <EmptyState />;
}
