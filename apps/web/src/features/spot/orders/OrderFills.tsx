import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { isoOf } from '../data/order-labels.ts';
import { useOrderFills } from '../data/spot-queries.ts';
import { Amount, Price } from '../../../shared/ui/numbers.tsx';
import styles from './orders.module.css';

/** The fills of one order, shown when its row is expanded. */
export function OrderFills({ orderId }: { orderId: string }) {
  const { t } = useTranslation('spot');
  const formatTime = useFormatTime();
  const fills = useOrderFills(orderId);
  if (fills.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (fills.isError) return <Alert type="error" showIcon title={t('orders.loadFailed')} />;
  if (fills.data.length === 0)
    return (
      <p className={`${styles.ordersMuted} ${styles.ordersFillsEmpty}`}>{t('orders.fills.none')}</p>
    );
  return (
    <table className={styles.ordersFills} aria-label={t('orders.fills.title')}>
      <thead>
        <tr>
          <th>{t('orders.col.time')}</th>
          <th>{t('orders.col.role')}</th>
          <th className="num">{t('orders.col.price')}</th>
          <th className="num">{t('orders.col.quantity')}</th>
          <th className="num">{t('orders.col.value')}</th>
          <th className="num">{t('orders.col.fee')}</th>
        </tr>
      </thead>
      <tbody>
        {fills.data.map((fill) => (
          <tr key={fill.id} data-fill-id={fill.id}>
            <td>{formatTime(isoOf(fill.time))}</td>
            <td>{t(`orders.role.${fill.role}`)}</td>
            <td className="num">
              <Price value={fill.price} />
            </td>
            <td className="num">
              <Amount value={fill.quantity} />
            </td>
            <td className="num">
              <Amount value={fill.value} />
            </td>
            <td className="num">
              <Amount value={fill.fee} unit={fill.feeCoin} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
