import { RightOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { useNumberLocale } from '../../../shared/ui/numbers.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { cx } from '../../../shared/ui/cx.ts';
import { PageTitle } from '../ui/PageTitle.tsx';
import { StoragePanel } from './StoragePanel.tsx';
import { useDashboard, type DashboardCard } from './useDashboard.ts';
import styles from './dashboard.module.css';

function Card({ card }: { card: DashboardCard }) {
  const { t } = useTranslation('ops');
  const locale = useNumberLocale();
  const body = (
    <>
      <div className={styles.label}>{t(card.label, { defaultValue: card.label })}</div>
      <div
        className={cx('num', styles.count, card.attention && card.count > 0 && styles.attention)}
      >
        {/* A count of people or items, never money: a plain integer format is exact. */}
        {new Intl.NumberFormat(locale).format(card.count)}
      </div>
      {card.to && (
        <div className={styles.open}>
          {t('dashboard.open')} <RightOutlined />
        </div>
      )}
    </>
  );
  return card.to ? (
    <Link to={card.to} className={cx(styles.card, styles.link)} data-card={card.key}>
      {body}
    </Link>
  ) : (
    <div className={styles.card} data-card={card.key}>
      {body}
    </div>
  );
}

/** /ops: what waits for an operator, each count a way into its queue. */
export default function DashboardPage() {
  const { t } = useTranslation('ops');
  const { query, cards } = useDashboard();
  return (
    <>
      <PageTitle title={t('dashboard.title')} />
      {query.isError && !query.data ? (
        <LoadFailed
          title={query.error.message || t('dashboard.failed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <div className={styles.grid}>
          {query.data
            ? cards.map((card) => <Card key={card.key} card={card} />)
            : [0, 1, 2, 3].map((i) => (
                <div key={i} className={styles.card} aria-hidden="true">
                  <Skeleton active paragraph={{ rows: 1 }} />
                </div>
              ))}
        </div>
      )}
      <StoragePanel />
    </>
  );
}
