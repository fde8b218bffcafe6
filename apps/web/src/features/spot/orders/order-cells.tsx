import type { SpotOrder } from '@meridian/contract/calls/spot';
import { pairOf } from '../../markets/index.ts';
import { Amount } from '../../../shared/ui/numbers.tsx';
import styles from './orders.module.css';

// Cells the order tables, the phone's order cards and the home page's recent orders share.
// Apart from OrdersTable.tsx, so a page that shows them needs no antd Table.

/** "03/05/2026 08:30:00" on one line, its time muted: a row is one line high. */
export function OrderTime({ text }: { text: string }) {
  const [date, time] = text.split(' ');
  return (
    <span className={styles.ordersTime}>
      {date}
      {time && <span className={styles.ordersMuted}> {time}</span>}
    </span>
  );
}

/**
 * What an order's quantity column shows: the quantity (with its coin where asked), or for a
 * market buy by amount the quote amount it spends, with its coin.
 */
export function OrderQuantity({
  order,
  withCoin = false,
}: {
  order: SpotOrder;
  withCoin?: boolean;
}) {
  const [base, quote] = pairOf(order.symbol);
  if (order.quantity === null && order.quoteAmount !== null)
    return <Amount value={order.quoteAmount} unit={quote.toUpperCase()} />;
  return <Amount value={order.quantity} unit={withCoin ? base.toUpperCase() : undefined} />;
}
