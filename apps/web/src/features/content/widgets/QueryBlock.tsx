import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { SkeletonLines } from '../../../shared/ui/SkeletonLines.tsx';

/** A block's query: a placeholder of its shape, the server's words and a retry, or the data. */
export function QueryBlock<T>({
  query,
  rows = 4,
  children,
}: {
  query: {
    data: T | undefined;
    isError: boolean;
    error: Error | null;
    isFetching: boolean;
    refetch: () => unknown;
  };
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('content');
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <LoadFailed
        title={query.error?.message || t('loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <SkeletonLines rows={rows} />;
}
