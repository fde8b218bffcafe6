import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Swap } from '@meridian/contract/calls/swap';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { Exact } from '../../../shared/ui/numbers.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { useRecentSwaps } from '../model/queries.ts';

/** How many of the user's swaps the panel lists; the bills have them all. */
const RECENT = 5;

/** The user's latest swaps under the terms: when, what was given and what was received. */
export function RecentSwaps() {
  const { t } = useTranslation('swap');
  const formatTime = useFormatTime();
  const log = useRecentSwaps(RECENT);
  const columns: ColumnsType<Swap> = [
    {
      title: t('recent.time'),
      dataIndex: 'time',
      key: 'time',
      render: (time: number) => formatTime(new Date(time).toISOString()),
    },
    {
      title: t('recent.gave'),
      key: 'gave',
      align: 'right',
      render: (_, s) => <Exact value={s.quantity} unit={s.from} />,
    },
    {
      title: t('recent.received'),
      key: 'received',
      align: 'right',
      render: (_, s) => <Exact value={s.net} unit={s.to} />,
    },
  ];
  let body;
  if (log.isError) {
    body = (
      <LoadFailed
        title={t('loadFailed')}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  } else if (log.data && log.data.records.length === 0) {
    body = <EmptyState description={t('recent.none')} />;
  } else {
    body = (
      <div style={{ overflowX: 'auto' }}>
        <Table
          rowKey="id"
          size="small"
          loading={log.isPending}
          columns={columns}
          dataSource={log.data?.records ?? []}
          pagination={false}
        />
      </div>
    );
  }
  return <Panel title={t('recent.title')}>{body}</Panel>;
}
