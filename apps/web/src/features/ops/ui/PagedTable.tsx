import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';

export interface PageQuery<T> {
  data: { records: T[]; total: number } | undefined;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * One page of a console list: the server's message and a retry when it failed before
 * any page arrived; otherwise the table (the previous page stays while the next loads),
 * `empty` (the app's `EmptyState`, with the case's sentence) when there is nothing, and
 * the pager.
 */
export function PagedTable<T extends object>({
  query,
  columns,
  failedTitle,
  page,
  pageSize,
  onPage,
  empty,
  expandable,
}: {
  query: PageQuery<T>;
  columns: TableProps<T>['columns'];
  /** Said when the server gave no message (offline). */
  failedTitle: string;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  expandable?: TableProps<T>['expandable'];
}) {
  if (query.isError && !query.data) {
    return (
      <LoadFailed
        title={query.error?.message || failedTitle}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <Table<T>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={query.data?.records ?? []}
      loading={query.isFetching}
      scroll={{ x: 'max-content' }}
      {...(expandable ? { expandable } : {})}
      locale={{ emptyText: empty }}
      pagination={{
        current: page,
        pageSize,
        total: query.data?.total ?? 0,
        showSizeChanger: false,
        onChange: onPage,
      }}
    />
  );
}
