import { Modal, Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SecondContract } from '@meridian/contract/calls/seconds';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { Price } from '../../../shared/ui/numbers.tsx';
import { useTicksAround } from '../data/queries.ts';
import styles from './seconds.module.css';

/** The stored index ticks within half a minute of a settlement, the settling price marked. */
export function TicksModal({
  contract,
  onClose,
}: {
  contract: SecondContract | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('seconds');
  const time = useFormatTime();
  const ticks = useTicksAround(contract?.symbol ?? '', contract?.closeTime ?? null);
  const settling = contract?.settlement;
  return (
    <Modal open={contract !== null} title={t('ticks.title')} footer={null} onCancel={onClose}>
      {settling ? (
        <p className={styles.hint}>
          {t('ticks.settledOn', {
            price: settling.price,
            id: settling.id,
            time: time(new Date(settling.time).toISOString()),
            source: settling.source,
          })}
        </p>
      ) : null}
      {ticks.isPending ? (
        <Skeleton active />
      ) : ticks.isError ? (
        <LoadFailed
          title={t('ticks.failed')}
          onRetry={() => void ticks.refetch()}
          retrying={ticks.isFetching}
        />
      ) : (
        <Table
          size="small"
          rowKey="time"
          pagination={false}
          scroll={{ y: 320 }}
          dataSource={ticks.data}
          locale={{ emptyText: <EmptyState description={t('ticks.empty')} /> }}
          rowClassName={(row) => (row.price === settling?.price ? styles.marked! : '')}
          columns={[
            {
              key: 'time',
              title: t('ticks.time'),
              render: (_, row) => time(new Date(row.time).toISOString()),
            },
            {
              key: 'price',
              title: t('ticks.price'),
              align: 'right',
              render: (_, row) => <Price value={row.price} />,
            },
            { key: 'source', title: t('ticks.source'), dataIndex: 'source' },
          ]}
        />
      )}
    </Modal>
  );
}
