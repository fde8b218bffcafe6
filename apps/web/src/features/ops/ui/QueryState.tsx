import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';

interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * What a block shows for its query: a placeholder of its shape while it loads, the
 * server's own message and a retry when it failed, the content once it is there.
 */
export function QueryState<T>({
  query,
  failedTitle,
  rows = 4,
  children,
}: {
  query: QueryLike<T>;
  /** Said when the server gave no message (offline). */
  failedTitle: string;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <LoadFailed
        title={query.error?.message || failedTitle}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <Skeleton active paragraph={{ rows }} title={false} />;
}
