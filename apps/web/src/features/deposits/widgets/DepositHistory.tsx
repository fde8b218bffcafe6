import { DownloadOutlined } from '@ant-design/icons';
import { Button, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRechargeLog, type DepositRecord } from '@meridian/contract/calls/deposits';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { Exact } from '../../../shared/ui/numbers.tsx';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { CopyButton } from '../../../shared/ui/CopyButton.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import { useDepositLog } from '../data/useDeposits.ts';
import { depositsCsv } from './csv.ts';
import { StatusTag } from './StatusTag.tsx';
import styles from './deposits.module.css';

const PAGE_SIZE = 10;
const EXPORT_PAGE = 100;

/** Seed `/account/wallet/history-deposit`: every deposit, paged, with a CSV export. */
export function DepositHistory() {
  const { t } = useTranslation('deposits');
  const { api } = usePlatform();
  const formatTime = useFormatTime();
  const phone = useIsPhone();
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const log = useDepositLog(page, PAGE_SIZE);

  async function exportCsv() {
    setExporting(true);
    try {
      const rows: DepositRecord[] = [];
      for (let p = 1; ; p += 1) {
        const answer = await api(getRechargeLog, { body: { page: p, size: EXPORT_PAGE } });
        rows.push(...answer.list);
        if (answer.list.length < EXPORT_PAGE || rows.length >= answer.total) break;
      }
      const csv = depositsCsv(rows, {
        time: t('col.time'),
        way: t('col.way'),
        order: t('col.order'),
        coin: t('coin'),
        network: t('network'),
        amount: t('col.amount'),
        confirmations: t('col.confirmations'),
        status: t('col.status'),
        reason: t('col.reason'),
        txid: t('col.txid'),
        address: t('address'),
        wayText: (way) => t(`way.${way}`),
        statusText: (r) =>
          r.way === 'bank' ? t(`bank.status.${r.status}`) : t(`status.${r.status}`),
      });
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'deposits.csv';
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      // Shown by the request rules.
    } finally {
      setExporting(false);
    }
  }

  if (log.isError && !log.data) {
    return (
      <LoadFailed
        title={t('loadFailed')}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  }

  const columns: ColumnsType<DepositRecord> = [
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
            key: 'way',
            title: t('col.way'),
            render: (_: unknown, r: DepositRecord) =>
              r.way === 'chain' ? `${t('way.chain')} · ${r.network}` : t('way.bank'),
          },
        ]),
    {
      key: 'status',
      title: t('col.status'),
      render: (_, r) => (
        <>
          <StatusTag record={r} />
          {r.way === 'bank' && r.reason && (
            <div className={styles.error}>{t('bank.reason', { reason: r.reason })}</div>
          )}
        </>
      ),
    },
    ...(phone
      ? []
      : [
          {
            key: 'reference',
            title: t('col.reference'),
            render: (_: unknown, r: DepositRecord) =>
              r.way === 'chain' ? (
                <span className={styles.mono}>
                  {`${r.txid.slice(0, 10)}…${r.txid.slice(-6)}`}
                  <CopyButton value={r.txid} />
                </span>
              ) : (
                <span className={styles.mono}>
                  {r.orderNo}
                  <CopyButton value={r.orderNo} />
                </span>
              ),
          },
        ]),
  ];

  return (
    <div>
      <div className={styles.toolbar}>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          disabled={!log.data || log.data.total === 0}
          onClick={() => void exportCsv()}
        >
          {t('exportCsv')}
        </Button>
      </div>
      <Table<DepositRecord>
        rowKey="id"
        size={phone ? 'small' : 'middle'}
        loading={log.isPending || (log.isFetching && log.isPlaceholderData)}
        columns={columns}
        dataSource={log.data?.list ?? []}
        locale={{ emptyText: <EmptyState description={t('noDeposits')} /> }}
        scroll={{ x: true }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: log.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
      />
    </div>
  );
}
