import { Input, Segmented, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { depositStatusSchema, type DepositStatus } from '@meridian/contract/calls/deposits';
import type { OpsDeposit } from '@meridian/contract/calls/custody';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { CopyButton } from '../../../shared/ui/CopyButton.tsx';
import { cx } from '../../../shared/ui/cx.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import { PagedTable } from '../ui/PagedTable.tsx';
import { PageTitle } from '../ui/PageTitle.tsx';
import { useUrlState } from '../ui/useUrlState.ts';
import { DEPOSITS_PAGE_SIZE, useOpsDeposits } from './queries.ts';
import { RechargeQueueLink } from './RechargeQueueLink.tsx';
import ui from '../ui/ui.module.css';

const STATUS_COLOURS: Record<DepositStatus, string> = {
  confirming: 'processing',
  credited: 'success',
  dropped: 'default',
  belowMinimum: 'warning',
};

const COIN = /^[A-Za-z0-9]{2,12}$/;

/** /ops/deposits: every chain deposit across users, newest first, by status, coin and user. */
export default function DepositsPage() {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const phone = useIsPhone();
  const { values, page, setFilters, setPage } = useUrlState(['status', 'coin', 'user'] as const);
  const parsed = depositStatusSchema.safeParse(values.status);
  const status = parsed.success ? parsed.data : undefined;
  const coin = COIN.test(values.coin) ? values.coin.toUpperCase() : undefined;
  const userId = /^\d{1,20}$/.test(values.user) ? values.user : undefined;
  const list = useOpsDeposits({
    ...(status ? { status } : {}),
    ...(coin ? { coin } : {}),
    ...(userId ? { userId } : {}),
    page,
  });
  const columns: ColumnsType<OpsDeposit> = [
    {
      title: t('deposits.time'),
      dataIndex: 'createTime',
      render: (v: string) => <span className={ui.nowrap}>{formatTime(v)}</span>,
    },
    {
      title: t('deposits.user'),
      dataIndex: 'userId',
      render: (v: string) => <Link to={`/ops/users/${v}`}>{v}</Link>,
    },
    {
      title: t('deposits.amount'),
      key: 'amount',
      align: 'right',
      render: (_, r) => (
        <span className={cx('num', ui.exact)} data-number="amount">
          {r.amount} {r.coin}
        </span>
      ),
    },
    { title: t('deposits.network'), dataIndex: 'network', responsive: ['md'] },
    {
      title: t('deposits.txid'),
      key: 'txid',
      responsive: ['lg'],
      render: (_, r) => (
        <span className={ui.mono}>
          {`${r.txid.slice(0, 10)}…${r.txid.slice(-6)}:${r.vout}`}
          <CopyButton value={r.txid} />
        </span>
      ),
    },
    {
      title: t('deposits.confirmations'),
      key: 'confirmations',
      align: 'right',
      responsive: ['sm'],
      render: (_, r) => (
        <span className={cx('num', ui.exact)}>
          {Math.min(r.confirmations, r.required)} / {r.required}
        </span>
      ),
    },
    {
      title: t('deposits.status'),
      dataIndex: 'status',
      render: (v: DepositStatus) => (
        <Tag color={STATUS_COLOURS[v]}>{t(`deposits.statuses.${v}`)}</Tag>
      ),
    },
    {
      title: t('deposits.credited'),
      dataIndex: 'creditTime',
      responsive: ['md'],
      render: (v: string | null) =>
        v ? (
          <span className={ui.nowrap}>{formatTime(v)}</span>
        ) : (
          <span className={ui.muted}>—</span>
        ),
    },
  ];
  const statusOptions = (['all', 'confirming', 'credited', 'belowMinimum', 'dropped'] as const).map(
    (s) => ({ value: s, label: t(`deposits.statuses.${s}`) }),
  );
  return (
    <>
      <PageTitle title={t('deposits.title')} extra={<RechargeQueueLink />} />
      <div className={ui.filters}>
        {phone ? (
          // Five states do not fit a phone's width side by side.
          <Select
            value={status ?? 'all'}
            aria-label={t('deposits.status')}
            onChange={(v: string) => setFilters({ status: v === 'all' ? '' : v })}
            options={statusOptions}
          />
        ) : (
          <Segmented
            value={status ?? 'all'}
            onChange={(v) => setFilters({ status: v === 'all' ? '' : String(v) })}
            options={statusOptions}
          />
        )}
        <Input.Search
          key={`coin-${values.coin}`}
          defaultValue={values.coin}
          placeholder={t('deposits.filterCoin')}
          aria-label={t('deposits.filterCoin')}
          allowClear
          style={{ maxWidth: 190 }}
          onSearch={(v) => setFilters({ coin: v.trim().toUpperCase() })}
        />
        <Input.Search
          key={`user-${values.user}`}
          defaultValue={values.user}
          placeholder={t('deposits.filterUser')}
          aria-label={t('deposits.filterUser')}
          allowClear
          style={{ maxWidth: 220 }}
          onSearch={(v) => setFilters({ user: v.trim() })}
        />
      </div>
      <PagedTable<OpsDeposit>
        query={list}
        columns={columns}
        failedTitle={t('deposits.failed')}
        page={page}
        pageSize={DEPOSITS_PAGE_SIZE}
        onPage={setPage}
        empty={<EmptyState kind={status || coin || userId ? 'filtered' : 'none'} />}
      />
    </>
  );
}
