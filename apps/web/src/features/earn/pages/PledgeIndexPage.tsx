import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { usePledgeProducts } from '../data/queries.ts';
import { ProductCards } from '../widgets/ProductCards.tsx';
import styles from '../widgets/earn.module.css';

/** /pledge/index: the staking products and their published terms. */
export function PledgeIndexPage() {
  const { t } = useTranslation('earn');
  const products = usePledgeProducts();
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <div>
          <h1>{t('pledge.title')}</h1>
          <p className={styles.lead}>{t('pledge.lead')}</p>
        </div>
        <Link to="/pledge/order">{t('pledge.myOrders')}</Link>
      </div>
      <ProductCards
        query={products}
        open={(p) => `/pledge/add?id=${encodeURIComponent(p.id)}`}
        emptyText={t('noProducts')}
      />
      <p className={styles.muted}>{t('honest')}</p>
    </div>
  );
}
