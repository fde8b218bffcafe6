import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DepositRecord } from '@meridian/contract/calls/deposits';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import styles from './deposits.module.css';

/**
 * The latest few recharges under a recharge form: its loading, failure and empty states,
 * then one row per record as `row` draws it (null leaves a record out).
 */
export function RecentRecharges({
  label,
  empty,
  log,
  row,
  testId,
}: {
  label: string;
  empty: string;
  log: UseQueryResult<{ list: DepositRecord[] }>;
  row: (record: DepositRecord) => ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('deposits');
  return (
    <div className={styles.field}>
      <span className={styles.label}>{label}</span>
      {log.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : log.isError ? (
        <LoadFailed
          title={t('loadFailed')}
          onRetry={() => void log.refetch()}
          retrying={log.isFetching}
        />
      ) : log.data.list.length === 0 ? (
        <EmptyState description={empty} />
      ) : (
        <ul className={styles.recent} data-testid={testId}>
          {log.data.list.map(row)}
        </ul>
      )}
    </div>
  );
}
