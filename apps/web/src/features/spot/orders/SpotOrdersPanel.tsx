import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/store.ts';
import { withAntd } from '../../../shared/ui/antd/scope.tsx';
import { VisitorOrders } from './VisitorOrders.tsx';
import styles from './orders.module.css';

const loadMyOrders = withAntd(async () => (await import('./MyOrdersPanel.tsx')).default);
const MyOrdersPanel = lazy(async () => ({ default: await loadMyOrders() }));

/**
 * The trade page's lower panel: a visitor's way in, or the user's orders, fills and
 * balances (MyOrdersPanel, loaded only for a signed-in user, with antd's theme scope).
 */
export function SpotOrdersPanel({ symbol }: { symbol: string }) {
  const { t } = useTranslation('spot');
  const signedIn = useSession((s) => s.isLogin);
  if (!signedIn)
    return (
      <section className={styles.ordersPanel} aria-label={t('orders.title')}>
        <VisitorOrders />
      </section>
    );
  return (
    <Suspense fallback={<section className={styles.ordersPanel} aria-label={t('orders.title')} />}>
      <MyOrdersPanel symbol={symbol} />
    </Suspense>
  );
}
