import { Pagination, Table, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpotOrder } from '@meridian/contract/calls/spot';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { displayName } from '../../markets/index.ts';
import { exactAmount } from '../data/amounts.ts';
import {
  isOpenOrder,
  isoOf,
  orderSideKey,
  orderStatusKey,
  orderTypeKey,
} from '../data/order-labels.ts';
import { useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import { CancelButton } from './CancelButton.tsx';
import { OrderCards } from './OrderCards.tsx';
import { OrderFills } from './OrderFills.tsx';
import { EmptyState, type EmptyKind } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import ui from '../../../shared/ui/market.module.css';
import styles from './orders.module.css';

export interface OrdersTableProps {
  testId: string;
  orders: SpotOrder[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  emptyText: string;
  /** Whether nothing exists (`none`, the default) or the filters leave nothing. */
  emptyKind?: EmptyKind;
}

/** "03/05/2026 08:30:00" as date over time, so the widest column takes half the room. */
export function StackedTime({ text }: { text: string }) {
  const [date, time] = text.split(' ');
  return (
    <span className={styles.ordersTime}>
      <span>{date}</span>
      {time && <span className={styles.ordersMuted}>{time}</span>}
    </span>
  );
}

function useColumns(): TableColumnsType<SpotOrder> {
  const { t } = useTranslation('spot');
  const formatTime = useFormatTime();
  const num = { align: 'right' as const, className: 'num' };
  return [
    {
      key: 'time',
      title: t('orders.col.time'),
      render: (_, o) => <StackedTime text={formatTime(isoOf(o.time))} />,
    },
    { key: 'pair', title: t('orders.col.pair'), render: (_, o) => displayName(o.symbol) },
    { key: 'type', title: t('orders.col.type'), render: (_, o) => t(orderTypeKey(o.type)) },
    {
      key: 'side',
      title: t('orders.col.side'),
      render: (_, o) => (
        <span className={o.side === 'buy' ? ui.up : ui.down}>{t(orderSideKey(o.side))}</span>
      ),
    },
    {
      key: 'price',
      title: t('orders.col.price'),
      ...num,
      render: (_, o) => (o.price === null ? t('orders.type.market') : exactAmount(o.price)),
    },
    {
      key: 'trigger',
      title: <span className={styles.ordersTh}>{t('orders.col.triggerPrice')}</span>,
      ...num,
      render: (_, o) => exactAmount(o.triggerPrice),
    },
    {
      key: 'quantity',
      title: t('orders.col.quantity'),
      ...num,
      render: (_, o) => exactAmount(o.quantity),
    },
    {
      key: 'filled',
      title: t('orders.col.filled'),
      ...num,
      render: (_, o) => exactAmount(o.filledQuantity),
    },
    {
      key: 'average',
      title: <span className={styles.ordersTh}>{t('orders.col.averagePrice')}</span>,
      ...num,
      render: (_, o) => exactAmount(o.averagePrice),
    },
    {
      key: 'value',
      title: <span className={styles.ordersTh}>{t('orders.col.entrustedValue')}</span>,
      ...num,
      render: (_, o) => exactAmount(o.entrustedValue),
    },
    {
      key: 'status',
      title: t('orders.col.status'),
      render: (_, o) => <span className={styles.ordersStatus}>{t(orderStatusKey(o))}</span>,
    },
    {
      key: 'action',
      title: t('orders.col.action'),
      align: 'right',
      render: (_, o) => (isOpenOrder(o) ? <CancelButton order={o} /> : null),
    },
  ];
}

/**
 * Orders as the seed lists them, newest first, one page at a time. A row expands to its
 * fills; an open order can be cancelled after a confirmation. On a phone each order is a
 * card instead, so no column hides off screen.
 */
export function OrdersTable(props: OrdersTableProps) {
  const { t } = useTranslation('spot');
  const columns = useColumns();
  const phone = useIsPhone();
  if (props.failed && !props.orders)
    return <LoadFailed title={t('orders.loadFailed')} onRetry={props.onRetry} />;
  const paged = props.total > props.size;
  if (phone)
    return (
      <div className={styles.ordersScroll} data-testid={props.testId}>
        <OrderCards
          orders={props.orders}
          loading={props.loading}
          emptyText={props.emptyText}
          emptyKind={props.emptyKind}
        />
        {paged && (
          <Pagination
            className={styles.ordersPager}
            simple
            size="small"
            current={props.page}
            pageSize={props.size}
            total={props.total}
            onChange={props.onPage}
          />
        )}
      </div>
    );
  return (
    <div className={styles.ordersScroll} data-testid={props.testId}>
      <Table<SpotOrder>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={props.orders ?? []}
        loading={props.loading}
        locale={{
          emptyText: <EmptyState kind={props.emptyKind} description={props.emptyText} />,
        }}
        scroll={{ x: 'max-content' }}
        onRow={(order) => ({ 'data-order-id': order.id }) as HTMLAttributes<HTMLElement>}
        expandable={{ expandedRowRender: (order) => <OrderFills orderId={order.id} /> }}
        pagination={
          paged
            ? {
                current: props.page,
                pageSize: props.size,
                total: props.total,
                showSizeChanger: false,
                onChange: props.onPage,
                size: 'small',
              }
            : false
        }
      />
    </div>
  );
}
