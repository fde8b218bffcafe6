import { Button, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
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
import { CancelButton } from './CancelButton.tsx';
import { OrderFills } from './OrderFills.tsx';
import { OrderQuantity } from './order-cells.tsx';
import { Amount, Price } from '../../../shared/ui/numbers.tsx';
import ui from '../../../shared/ui/market.module.css';
import styles from './orders.module.css';
import { cx } from '../../../shared/ui/cx.ts';
import { EmptyState, type EmptyKind } from '../../../shared/ui/EmptyState.tsx';

function OrderCard({ order }: { order: SpotOrder }) {
  const { t } = useTranslation('spot');
  const formatTime = useFormatTime();
  const [showFills, setShowFills] = useState(false);
  const figures: [string, ReactNode][] = [
    [
      t('orders.col.price'),
      order.price === null ? t('orders.type.market') : <Price value={order.price} />,
    ],
    ...(order.triggerPrice !== null
      ? [
          [t('orders.col.triggerPrice'), <Price value={order.triggerPrice} />] as [
            string,
            ReactNode,
          ],
        ]
      : []),
    [t('orders.col.quantity'), <OrderQuantity order={order} />],
    [t('orders.col.filled'), <Amount value={order.filledQuantity} />],
    [t('orders.col.averagePrice'), <Price value={order.averagePrice} />],
    [t('orders.col.entrustedValue'), <Amount value={orderValue(order)} />],
  ];
  return (
    <li className={styles.orderCard} data-order-id={order.id}>
      <div className={styles.orderCardHead}>
        <span className={styles.orderCardPair}>{displayName(order.symbol)}</span>
        <span className={order.side === 'buy' ? ui.up : ui.down}>
          {t(orderSideKey(order.side))}
        </span>
        <span className={styles.ordersMuted}>{t(orderTypeKey(order.type))}</span>
        <span className={styles.orderCardAction}>
          {isOpenOrder(order) ? <CancelButton order={order} /> : null}
        </span>
      </div>
      <div className={`${styles.orderCardSub} ${styles.ordersMuted}`}>
        <span>{formatTime(isoOf(order.time))}</span>
        <span className={styles.ordersStatus}>{t(orderStatusKey(order))}</span>
      </div>
      <dl className={styles.orderCardFigures}>
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className="num">{value}</dd>
          </div>
        ))}
      </dl>
      <Button
        type="link"
        size="small"
        className={styles.orderCardFills}
        onClick={() => setShowFills((v) => !v)}
      >
        {showFills ? t('orders.fills.hide') : t('orders.fills.show')}
      </Button>
      {showFills && (
        <div className={styles.ordersScroll}>
          <OrderFills orderId={order.id} />
        </div>
      )}
    </li>
  );
}

/** Orders on a phone: one card each, every seed field readable without scrolling sideways. */
export function OrderCards({
  orders,
  loading,
  emptyText,
  emptyKind,
}: {
  orders: SpotOrder[] | undefined;
  loading: boolean;
  emptyText: string;
  emptyKind?: EmptyKind;
}) {
  if (!orders && loading) return <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  if (!orders || orders.length === 0)
    return <EmptyState kind={emptyKind} description={emptyText} />;
  return (
    <ul className={cx(styles.orderCards, loading && styles.isLoading)}>
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
    </ul>
  );
}
