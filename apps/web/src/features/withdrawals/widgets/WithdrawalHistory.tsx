import { Button, Popconfirm, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelWithdrawal, type Withdrawal } from '@meridian/contract/calls/withdrawals';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { Exact } from '../../../shared/ui/numbers.tsx';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { CopyButton } from '../../../shared/ui/CopyButton.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import { useRefreshWithdrawals, useWithdrawalLog } from '../data/useWithdrawals.ts';
import { StateTag } from './StateTag.tsx';
import styles from './withdrawals.module.css';

const PAGE_SIZE = 10;

const short = (text: string) =>
  text.length > 20 ? `${text.slice(0, 10)}…${text.slice(-6)}` : text;

/** Seed `/account/wallet/history-withdrawal`: every withdrawal, paged, cancel while open. */
export function WithdrawalHistory() {
  const { t } = useTranslation('withdrawals');
  const { api } = usePlatform();
  const formatTime = useFormatTime();
  const phone = useIsPhone();
  const refresh = useRefreshWithdrawals();
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<string>();
  const log = useWithdrawalLog(page, PAGE_SIZE);

  async function cancel(id: string) {
    setCancelling(id);
    try {
      await api(
        cancelWithdrawal,
        { body: { id } },
        { headers: { 'Idempotency-Key': `cancel-${id}` } },
      );
      notifier.notify('success', t('cancelled'));
      await refresh();
    } catch {
      // Shown by the request rules.
    } finally {
      setCancelling(undefined);
    }
  }

  if (log.isError && !log.data) {
    return (
      <LoadFailed
        title={t('logFailed')}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  }

  if (log.data && log.data.total === 0) return <EmptyState description={t('noWithdrawals')} />;

  const columns: ColumnsType<Withdrawal> = [
    { key: 'time', title: t('col.time'), render: (_, r) => formatTime(r.createTime) },
    {
      key: 'amount',
      title: t('col.amount'),
      align: 'right',
      render: (_, r) => <Exact value={r.amount} unit={r.coin} />,
    },
    ...(phone
      ? []
      : [
          {
            key: 'network',
            title: t('network'),
            render: (_: unknown, r: Withdrawal) => (r.way === 'bank' ? t('bankCard') : r.network),
          },
          {
            key: 'fee',
            title: t('fee'),
            align: 'right' as const,
            render: (_: unknown, r: Withdrawal) => <Exact value={r.fee} />,
          },
          {
            key: 'address',
            title: t('address'),
            render: (_: unknown, r: Withdrawal) =>
              r.way === 'bank' ? (
                <span className={styles.mono}>{r.address}</span>
              ) : (
                <span className={styles.mono}>
                  {short(r.address)}
                  <CopyButton value={r.address} />
                </span>
              ),
          },
        ]),
    {
      key: 'state',
      title: t('col.state'),
      render: (_, r) => (
        <div>
          <StateTag state={r.state} />
          {r.reason && <div className={styles.hint}>{r.reason}</div>}
          {r.txid && (
            <div className={styles.mono}>
              {short(r.txid)}
              <CopyButton value={r.txid} />
            </div>
          )}
        </div>
      ),
    },
    {
      key: 'action',
      title: t('col.action'),
      render: (_, r) =>
        r.cancellable ? (
          <Popconfirm
            title={t('cancelConfirm')}
            okText={t('cancel')}
            cancelText={t('back')}
            onConfirm={() => void cancel(r.id)}
          >
            <Button size="small" loading={cancelling === r.id}>
              {t('cancel')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Table<Withdrawal>
      rowKey="id"
      size={phone ? 'small' : 'middle'}
      loading={log.isPending || (log.isFetching && log.isPlaceholderData)}
      columns={columns}
      dataSource={log.data?.records ?? []}
      scroll={{ x: true }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: log.data?.total ?? 0,
        hideOnSinglePage: true,
        onChange: setPage,
      }}
    />
  );
}
