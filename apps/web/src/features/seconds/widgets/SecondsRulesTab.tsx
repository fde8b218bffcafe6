import { Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Period } from '@meridian/contract/calls/seconds';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { displayName } from '../../markets/index.ts';
import { percentOf } from '../data/payouts.ts';
import { usePeriods } from '../data/queries.ts';
import { PoolNote, SecondsRules } from './PoolNote.tsx';
import styles from './seconds.module.css';

/** `/rule/index?tab=second`: the rules, every market's published periods, and the pool. */
export function SecondsRulesTab() {
  const { t } = useTranslation('seconds');
  const periods = usePeriods('');
  return (
    <div className={styles.rulesTab}>
      <SecondsRules />
      <section className={styles.note} aria-label={t('ops.periods')}>
        <h3 className={styles.noteTitle}>{t('ops.periods')}</h3>
        {periods.isPending ? (
          <Skeleton active />
        ) : periods.isError ? (
          <LoadFailed
            title={t('form.periodsFailed')}
            onRetry={() => void periods.refetch()}
            retrying={periods.isFetching}
          />
        ) : (
          // A region the keyboard can reach and scroll sideways on a phone.
          <div className={styles.scroll} tabIndex={0} role="region" aria-label={t('ops.periods')}>
            <Table<Period>
              size="small"
              rowKey="id"
              dataSource={periods.data}
              pagination={{ pageSize: 20, showSizeChanger: false }}
              locale={{ emptyText: <EmptyState description={t('form.noPeriods')} /> }}
              columns={[
                {
                  key: 'symbol',
                  title: t('orders.symbol'),
                  render: (_, p) => displayName(p.symbol),
                },
                {
                  key: 'seconds',
                  title: t('form.period'),
                  align: 'right',
                  render: (_, p) => t('form.seconds', { count: p.seconds }),
                },
                {
                  key: 'profit',
                  title: t('terms.profit'),
                  align: 'right',
                  render: (_, p) => `${percentOf(p.profitRate)}%`,
                },
                {
                  key: 'loss',
                  title: t('terms.loss'),
                  align: 'right',
                  render: (_, p) => `${percentOf(p.lossRate)}%`,
                },
                {
                  key: 'charge',
                  title: t('terms.charge'),
                  align: 'right',
                  render: (_, p) => `${percentOf(p.chargeRate)}%`,
                },
                {
                  key: 'stakes',
                  title: t('ops.stakes'),
                  align: 'right',
                  render: (_, p) => `${p.minStake} – ${p.maxStake} ${p.coin}`,
                },
              ]}
            />
          </div>
        )}
      </section>
      <PoolNote coin="USDT" />
    </div>
  );
}
