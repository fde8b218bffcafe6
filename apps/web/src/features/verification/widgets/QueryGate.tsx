import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';

/**
 * A block that waits for its data: a skeleton of its own height while loading, the
 * failure with a retry button, then the content.
 */
export function QueryGate<T>({
  query,
  failed,
  rows = 4,
  children,
}: {
  query: {
    data: T | undefined;
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
  failed: ReactNode;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton active title={false} paragraph={{ rows }} />;
  if (query.isError || query.data === undefined) {
    return (
      <LoadFailed title={failed} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  return <>{children(query.data)}</>;
}
