import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallData } from '@meridian/contract/define';
import type {
  opsUserBalances,
  opsUserDetail,
  opsUserOrders,
  opsUserPostings,
} from '@meridian/contract/calls/operators';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { Amount, Price } from '../../../shared/ui/numbers.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { SignedAmount } from '../ui/SignedAmount.tsx';
import { useUserBalances, useUserOrders, useUserPostings } from './queries.ts';
import ui from '../ui/ui.module.css';

type Detail = CallData<typeof opsUserDetail>;
type Balance = CallData<typeof opsUserBalances>[number];
type Posting = CallData<typeof opsUserPostings>['records'][number];
type Order = CallData<typeof opsUserOrders>['records'][number];

const PAGE_SIZE = 20;
const time = (format: (iso: string) => string) => (v: string) => (
  <span className={ui.nowrap}>{format(v)}</span>
);

export function BalancesTable({ userId }: { userId: string }) {
  const { t } = useTranslation('ops');
  const query = useUserBalances(userId);
  const columns: ColumnsType<Balance> = [
    { title: t('users.balances.asset'), dataIndex: 'asset' },
    {
      title: t('users.balances.available'),
      dataIndex: 'available',
      align: 'right',
      render: (v: string) => <Amount value={v} />,
    },
    {
      title: t('users.balances.held'),
      dataIndex: 'held',
      align: 'right',
      render: (v: string) => <Amount value={v} />,
    },
  ];
  return (
    <QueryState query={query} failedTitle={t('users.failed')}>
      {(rows) => (
        <Table<Balance>
          rowKey="asset"
          size="small"
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      )}
    </QueryState>
  );
}

export function PostingsTable({ userId }: { userId: string }) {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const [page, setPage] = useState(1);
  const query = useUserPostings(userId, page, PAGE_SIZE);
  const columns: ColumnsType<Posting> = [
    { title: t('users.postings.at'), dataIndex: 'at', render: time(formatTime) },
    { title: t('users.postings.asset'), dataIndex: 'asset' },
    {
      title: t('users.postings.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: string) => <SignedAmount value={v} />,
    },
    { title: t('users.postings.account'), dataIndex: 'account' },
    { title: t('users.postings.counterparty'), dataIndex: 'counterparty', responsive: ['lg'] },
    { title: t('users.postings.reason'), dataIndex: 'reason' },
    {
      title: t('users.postings.reference'),
      dataIndex: 'reference',
      responsive: ['lg'],
      render: (v: string) => <span className={ui.mono}>{v}</span>,
    },
  ];
  return (
    <QueryState query={query} failedTitle={t('users.failed')}>
      {(data) => (
        <Table<Posting>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={data.records}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data.total,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      )}
    </QueryState>
  );
}

export function OrdersTable({ userId }: { userId: string }) {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const [page, setPage] = useState(1);
  const query = useUserOrders(userId, page, PAGE_SIZE);
  const columns: ColumnsType<Order> = [
    { title: t('users.orders.createdAt'), dataIndex: 'createdAt', render: time(formatTime) },
    {
      title: t('users.orders.symbol'),
      dataIndex: 'symbol',
      render: (v: string) => v.toUpperCase(),
    },
    {
      title: t('users.orders.side'),
      dataIndex: 'side',
      render: (v: string) => (
        <Tag color={v === 'buy' ? 'success' : v === 'sell' ? 'error' : undefined}>{v}</Tag>
      ),
    },
    { title: t('users.orders.type'), dataIndex: 'type' },
    {
      title: t('users.orders.price'),
      dataIndex: 'price',
      align: 'right',
      render: (v: string | null) => <Price value={v} />,
    },
    {
      title: t('users.orders.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: string) => <Amount value={v} />,
    },
    {
      title: t('users.orders.filled'),
      dataIndex: 'filled',
      align: 'right',
      render: (v: string) => <Amount value={v} />,
    },
    { title: t('users.orders.status'), dataIndex: 'status' },
    {
      title: t('users.orders.id'),
      dataIndex: 'id',
      responsive: ['lg'],
      render: (v: string) => <span className={ui.mono}>{v}</span>,
    },
  ];
  return (
    <QueryState query={query} failedTitle={t('users.failed')}>
      {(data) => (
        <Table<Order>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={data.records}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data.total,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      )}
    </QueryState>
  );
}

export function SessionsTables({ detail }: { detail: Detail }) {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const sessions: ColumnsType<Detail['sessions'][number]> = [
    { title: t('users.sessions.device'), dataIndex: 'deviceName' },
    { title: t('users.sessions.issuedAt'), dataIndex: 'issuedAt', render: time(formatTime) },
    { title: t('users.sessions.expiresAt'), dataIndex: 'expiresAt', render: time(formatTime) },
  ];
  const devices: ColumnsType<Detail['devices'][number]> = [
    { title: t('users.devices.name'), dataIndex: 'name' },
    {
      title: t('users.devices.lastIp'),
      dataIndex: 'lastIp',
      render: (v: string) => <span className={ui.mono}>{v}</span>,
    },
    { title: t('users.devices.lastSeenAt'), dataIndex: 'lastSeenAt', render: time(formatTime) },
    {
      title: t('users.devices.createdAt'),
      dataIndex: 'createdAt',
      responsive: ['md'],
      render: time(formatTime),
    },
  ];
  return (
    <>
      <h2 className={ui.subTitle}>{t('users.sessions.title')}</h2>
      <Table
        rowKey="id"
        size="small"
        columns={sessions}
        dataSource={detail.sessions}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <h2 className={ui.subTitle}>{t('users.devices.title')}</h2>
      <Table
        rowKey="id"
        size="small"
        columns={devices}
        dataSource={detail.devices}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </>
  );
}

export function LoginsTable({ detail }: { detail: Detail }) {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const columns: ColumnsType<Detail['logins'][number]> = [
    { title: t('users.logins.at'), dataIndex: 'at', render: time(formatTime) },
    {
      title: t('users.logins.result'),
      dataIndex: 'success',
      render: (ok: boolean) =>
        ok ? (
          <Tag color="success">{t('users.logins.ok')}</Tag>
        ) : (
          <Tag color="error">{t('users.logins.failed')}</Tag>
        ),
    },
    {
      title: t('users.logins.ip'),
      dataIndex: 'ip',
      render: (v: string) => <span className={ui.mono}>{v}</span>,
    },
    {
      title: t('users.logins.userAgent'),
      dataIndex: 'userAgent',
      ellipsis: true,
      responsive: ['md'],
    },
  ];
  return (
    <Table
      rowKey={(row) => `${row.at}-${row.ip}`}
      size="small"
      columns={columns}
      dataSource={detail.logins}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}
