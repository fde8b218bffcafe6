import { EmptyState } from '../../../../shared/ui/EmptyState.tsx';

export function TransferTab() {
  return <EmptyState />;
}
