import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Pagination, Table, Tooltip, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpotOrder } from '@meridian/contract/calls/spot';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { displayName } from '../../markets/index.ts';
import { orderValue } from '../data/amounts.ts';
import {
  isOpenOrder,
  isoOf,
  orderSideKey,
  orderStatusKey,
  orderTypeKey,
} from '../data/order-labels.ts';
import { useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import { CancelButton } from './CancelButton.tsx';
import { OrderQuantity, OrderTime } from './order-cells.tsx';
import { OrderCards } from './OrderCards.tsx';
import { OrderFills } from './OrderFills.tsx';
import { EmptyState, type EmptyKind } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import ui from '../../../shared/ui/market.module.css';
import { Amount, Price } from '../../../shared/ui/numbers.tsx';
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

/** Which orders show their fills under the row; toggled from the row's action cell. */
function useExpanded() {
  const [keys, setKeys] = useState<string[]>([]);
  return {
    keys,
    isOpen: (id: string) => keys.includes(id),
    toggle: (id: string) =>
      setKeys((open) => (open.includes(id) ? open.filter((k) => k !== id) : [...open, id])),
  };
}

/** The chevron that opens an order's fills under its row (named for screen readers). */
function FillsToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('spot');
  const label = open ? t('orders.fills.hide') : t('orders.fills.show');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        aria-expanded={open}
        aria-label={label}
        icon={open ? <UpOutlined /> : <DownOutlined />}
        onClick={onToggle}
      />
    </Tooltip>
  );
}

function useColumns(expanded: ReturnType<typeof useExpanded>): TableColumnsType<SpotOrder> {
  const { t } = useTranslation('spot');
  const formatTime = useFormatTime();
  const num = { align: 'right' as const, className: 'num' };
  return [
    {
      key: 'time',
      title: t('orders.col.time'),
      render: (_, o) => <OrderTime text={formatTime(isoOf(o.time))} />,
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
      render: (_, o) => (o.price === null ? t('orders.type.market') : <Price value={o.price} />),
    },
    {
      key: 'trigger',
      title: t('orders.col.triggerPrice'),
      ...num,
      render: (_, o) => <Price value={o.triggerPrice} />,
    },
    {
      key: 'quantity',
      title: t('orders.col.quantity'),
      ...num,
      render: (_, o) => <OrderQuantity order={o} />,
    },
    {
      key: 'filled',
      title: t('orders.col.filled'),
      ...num,
      render: (_, o) => <Amount value={o.filledQuantity} />,
    },
    {
      key: 'average',
      title: t('orders.col.averagePrice'),
      ...num,
      render: (_, o) => <Price value={o.averagePrice} />,
    },
    {
      key: 'value',
      title: t('orders.col.entrustedValue'),
      ...num,
      render: (_, o) => <Amount value={orderValue(o)} />,
    },
    {
      key: 'status',
      title: t('orders.col.status'),
      render: (_, o) => <span className={styles.ordersStatus}>{t(orderStatusKey(o))}</span>,
    },
    {
      // The fills open from here, beside the cancel, rather than from an untitled first
      // column.
      key: 'action',
      title: t('orders.col.action'),
      align: 'right',
      render: (_, o) => (
        <span className={styles.ordersActions}>
          <FillsToggle open={expanded.isOpen(o.id)} onToggle={() => expanded.toggle(o.id)} />
          {isOpenOrder(o) ? <CancelButton order={o} /> : null}
        </span>
      ),
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
  const expanded = useExpanded();
  const columns = useColumns(expanded);
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
        // Columns as wide as their content, the table as wide as the panel: a title wraps
        // (between words) only when the panel is too narrow for every title on one line,
        // and then the panel scrolls sideways rather than squeeze a figure.
        tableLayout="auto"
        onRow={(order) => ({ 'data-order-id': order.id }) as HTMLAttributes<HTMLElement>}
        expandable={{
          showExpandColumn: false,
          expandedRowKeys: expanded.keys,
          expandedRowRender: (order) => <OrderFills orderId={order.id} />,
        }}
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
