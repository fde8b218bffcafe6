import { Button, Progress, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../shared/router/index.tsx';
import type { EarnProduct } from '@meridian/contract/calls/earn';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { Exact } from '../../../shared/ui/numbers.tsx';
import { ratePercent } from '../model/format.ts';
import { ProductName } from './ProductName.tsx';
import { ProductState } from './ProductTerms.tsx';
import styles from './earn.module.css';

interface ProductsQuery {
  data: EarnProduct[] | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * Products as cards: the daily rate large, the cycle, the bounds, what remains and the
 * progress; the action opens the page that shows every term before subscribing.
 */
export function ProductCards({
  query,
  open,
  emptyText,
}: {
  query: ProductsQuery;
  /** Where a product's action leads (/pledge/add or /finance/detail). */
  open: (product: EarnProduct) => string;
  emptyText: string;
}) {
  const { t } = useTranslation('earn');
  const navigate = useNavigate();
  if (query.isError) {
    return (
      <LoadFailed
        title={t('productsFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (!query.data) return <Skeleton active paragraph={{ rows: 6 }} title={false} />;
  if (query.data.length === 0) return <EmptyState description={emptyText} />;
  return (
    <div className={styles.cards}>
      {query.data.map((p) => (
        <section key={p.id} className={styles.card} aria-label={p.id}>
          <div className={styles.cardTitle}>
            <span>
              <ProductName product={p} />
            </span>
            <ProductState product={p} />
          </div>
          <div>
            <span className={styles.muted}>{t('field.dailyRate')} </span>
            <span className={styles.rate}>
              <Exact value={ratePercent(p.dailyRate)} unit="%" />
            </span>
          </div>
          <dl className={styles.rows}>
            <dt>{t('field.cycle')}</dt>
            <dd>{p.cycleDays}</dd>
            <dt>{t('field.range')}</dt>
            <dd>
              <Exact value={p.minAmount} /> – <Exact value={p.maxAmount} unit={p.coin} />
            </dd>
            <dt>{t('field.remaining')}</dt>
            <dd>
              <Exact value={p.remaining} unit={p.coin} />
            </dd>
            <dt>{t('field.limit')}</dt>
            <dd>{p.perUserLimit}</dd>
          </dl>
          <Progress
            className={styles.cardFoot}
            percent={Number(p.progress)}
            size="small"
            format={() => `${p.progress}%`}
            aria-label={t('field.progress')}
          />
          <Button type="primary" onClick={() => navigate(open(p))} disabled={!p.open}>
            {p.kind === 'pledge' ? t('subscribe.button') : t('details')}
          </Button>
        </section>
      ))}
    </div>
  );
}
