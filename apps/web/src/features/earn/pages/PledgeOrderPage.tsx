import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { OrdersTable } from '../widgets/OrdersTable.tsx';
import styles from '../widgets/earn.module.css';

/** /pledge/order: my staking orders, their estimates and payments, and early redemption. */
export function PledgeOrderPage() {
  const { t } = useTranslation('earn');
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1>{t('pledge.ordersTitle')}</h1>
        <Link to="/pledge/index">{t('pledge.back')}</Link>
      </div>
      <OrdersTable kind="pledge" />
    </div>
  );
}
