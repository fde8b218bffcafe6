import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { Exact } from '../../../shared/ui/numbers.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { useIncome } from '../data/queries.ts';
import styles from './earn.module.css';

/** My income (/api/financial/personalIncome): in total and yesterday, per coin. */
export function IncomeSummary() {
  const { t } = useTranslation('earn');
  const income = useIncome();
  const body = () => {
    if (income.isError) {
      return (
        <LoadFailed
          title={t('incomeFailed')}
          onRetry={() => void income.refetch()}
          retrying={income.isFetching}
        />
      );
    }
    if (!income.data) return <Skeleton active paragraph={{ rows: 1 }} title={false} />;
    const totals = income.data.totals.length
      ? income.data.totals
      : [{ coin: 'USDT', total: '0', yesterday: '0' }];
    return (
      <div className={styles.totals}>
        {totals.map((row) => (
          <div key={row.coin} className={styles.totals}>
            <div className={styles.total}>
              <span className={styles.muted}>{t('income.total', { coin: row.coin })}</span>
              <strong>
                <Exact value={row.total} unit={row.coin} />
              </strong>
            </div>
            <div className={styles.total}>
              <span className={styles.muted}>{t('income.yesterday', { coin: row.coin })}</span>
              <strong>
                <Exact value={row.yesterday} unit={row.coin} />
              </strong>
            </div>
          </div>
        ))}
      </div>
    );
  };
  return <Panel title={t('income.title')}>{body()}</Panel>;
}
