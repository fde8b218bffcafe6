import { Table, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpotFill } from '@meridian/contract/calls/spot';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { displayName } from '../../markets/index.ts';
import { isoOf, orderSideKey } from '../data/order-labels.ts';
import { useMyFills } from '../data/spot-queries.ts';
import { OrderTime } from './order-cells.tsx';
import { Amount, Price } from '../../../shared/ui/numbers.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import ui from '../../../shared/ui/market.module.css';
import styles from './orders.module.css';

/** My latest fills in one market (myExchangeLog), newest first. */
export function TradeHistory({ symbol }: { symbol: string }) {
  const { t } = useTranslation('spot');
  const formatTime = useFormatTime();
  const fills = useMyFills(symbol);
  const num = { align: 'right' as const, className: 'num' };
  const columns: TableColumnsType<SpotFill> = [
    {
      key: 'time',
      title: t('orders.col.time'),
      render: (_, f) => <OrderTime text={formatTime(isoOf(f.time))} />,
    },
    { key: 'pair', title: t('orders.col.pair'), render: (_, f) => displayName(f.symbol) },
    {
      key: 'side',
      title: t('orders.col.side'),
      render: (_, f) => (
        <span className={f.side === 'buy' ? ui.up : ui.down}>{t(orderSideKey(f.side))}</span>
      ),
    },
    { key: 'role', title: t('orders.col.role'), render: (_, f) => t(`orders.role.${f.role}`) },
    {
      key: 'price',
      title: t('orders.col.price'),
      ...num,
      render: (_, f) => <Price value={f.price} />,
    },
    {
      key: 'quantity',
      title: t('orders.col.quantity'),
      ...num,
      render: (_, f) => <Amount value={f.quantity} />,
    },
    {
      key: 'value',
      title: t('orders.col.value'),
      ...num,
      render: (_, f) => <Amount value={f.value} />,
    },
    {
      key: 'fee',
      title: t('orders.col.fee'),
      ...num,
      render: (_, f) => <Amount value={f.fee} unit={f.feeCoin} />,
    },
  ];
  if (fills.isError)
    return <LoadFailed title={t('orders.loadFailed')} onRetry={() => void fills.refetch()} />;
  return (
    <div className={styles.ordersScroll} data-testid="trade-history">
      <Table<SpotFill>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={fills.data ?? []}
        loading={fills.isPending}
        locale={{ emptyText: <EmptyState description={t('orders.empty.trades')} /> }}
        tableLayout="auto"
        scroll={{ x: 'max-content' }}
        onRow={(fill) => ({ 'data-fill-id': fill.id }) as HTMLAttributes<HTMLElement>}
        pagination={false}
      />
    </div>
  );
}
