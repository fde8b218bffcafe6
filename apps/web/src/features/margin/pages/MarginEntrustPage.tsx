import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Select, Table, Tabs, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../../shared/router/index.tsx';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { Exact } from '../../../shared/ui/numbers.tsx';
import { downloadCsv, toCsv } from '../../../shared/csv.ts';
import { OrdersTable } from '../../spot/index.ts';
import { fetchHistory, historyRows, type HistoryRow } from '../data/csv.ts';
import {
  useMarginHistory,
  useMarginOrders,
  type HistoryKind,
  type MarginOrderStatus,
} from '../data/queries.ts';
import styles from '../widgets/margin.module.css';

/** The account's orders first (open, then done), then its loans history by kind. */
const ORDER_TABS = { open: 'open', orders: 'history' } as const satisfies Record<
  string,
  MarginOrderStatus
>;
type OrderTab = keyof typeof ORDER_TABS;
const HISTORY_TABS = ['all', 'borrow', 'repay', 'interest', 'liquidation'] as const;
type Tab = OrderTab | HistoryKind;
const TABS: readonly Tab[] = ['open', 'orders', ...HISTORY_TABS];
const isOrderTab = (tab: Tab): tab is OrderTab => tab in ORDER_TABS;
/** Orders per page of the margin order calls (the server's fixed page size). */
const ORDER_PAGE_SIZE = 20;
/** The pairs open to isolated margin (the server's set-up: btcusdt and ethusdt). */
export const ISOLATED_PAIRS = ['btcusdt', 'ethusdt'] as const;
const right = { align: 'right' as const, className: 'num' };
const iso = (ms: number) => new Date(ms).toISOString();

function ExportButton({ a, kind }: { a: string; kind: HistoryKind }) {
  const { t } = useTranslation('margin');
  const { api } = usePlatform();
  const formatTime = useFormatTime();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      loading={busy}
      data-testid="margin-export"
      onClick={async () => {
        setBusy(true);
        try {
          const out = await fetchHistory(api, a, kind);
          const rows = historyRows(out.rows, {
            time: (ms) => formatTime(iso(ms)),
            text: (key) => t(key),
          });
          downloadCsv(toCsv(rows), `margin-${a}-${kind}.csv`);
          notifier.notify(
            out.truncated ? 'warning' : 'success',
            t(out.truncated ? 'centre.export.truncated' : 'centre.export.done', {
              count: out.rows.length,
            }),
          );
        } catch {
          // The request rules showed the server's message.
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('centre.export.action')}
    </Button>
  );
}

function HistoryTable({ a, kind }: { a: string; kind: HistoryKind }) {
  const { t } = useTranslation('margin');
  const formatTime = useFormatTime();
  const [page, setPage] = useState(1);
  const history = useMarginHistory(a, kind, page);
  if (history.isError && !history.data)
    return (
      <LoadFailed
        title={t('centre.failed')}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  const columns: TableColumnsType<HistoryRow> = [
    { key: 'time', title: t('centre.column.time'), render: (_, r) => formatTime(iso(r.time)) },
    {
      key: 'account',
      title: t('centre.column.account'),
      render: (_, r) => (r.account === 'all' ? t('centre.cross') : r.account.toUpperCase()),
    },
    { key: 'kind', title: t('centre.column.kind'), render: (_, r) => t(`centre.kind.${r.kind}`) },
    { key: 'coin', title: t('centre.column.coin'), render: (_, r) => r.coin.toUpperCase() },
    {
      key: 'amount',
      title: t('centre.column.amount'),
      ...right,
      render: (_, r) => <Exact value={r.amount} />,
    },
    ...(kind === 'liquidation' || kind === 'all'
      ? [
          {
            key: 'insurance',
            title: t('centre.column.insurance'),
            ...right,
            render: (_: unknown, r: HistoryRow) => <Exact value={r.insurance} />,
          },
          {
            key: 'left',
            title: t('centre.column.left'),
            ...right,
            render: (_: unknown, r: HistoryRow) => <Exact value={r.left} />,
          },
        ]
      : []),
  ];
  return (
    <Table<HistoryRow>
      className={styles.table}
      data-testid={`margin-history-${kind}`}
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={history.data?.records ?? []}
      loading={history.isPending || (history.isFetching && history.isPlaceholderData)}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: history.isPending ? (
          ' '
        ) : (
          <EmptyState description={t(kind === 'all' ? 'centre.empty.all' : 'centre.empty.kind')} />
        ),
      }}
      pagination={{
        current: page,
        pageSize: 20,
        total: history.data?.total ?? 0,
        hideOnSinglePage: true,
        showSizeChanger: false,
        onChange: setPage,
      }}
    />
  );
}

/**
 * One margin account's orders, open or done, in the spot order table: newest first, a
 * row's fills under it, an open order cancelled (after a confirmation) with the spot
 * cancel call, which reloads these lists.
 */
function OrdersPane({ a, tab }: { a: string; tab: OrderTab }) {
  const { t } = useTranslation('margin');
  const [page, setPage] = useState(1);
  const orders = useMarginOrders(a, ORDER_TABS[tab], page);
  return (
    <OrdersTable
      testId={`margin-orders-${tab}`}
      orders={orders.data?.list}
      loading={orders.isPending || orders.isPlaceholderData}
      failed={orders.isError}
      onRetry={() => void orders.refetch()}
      page={page}
      size={ORDER_PAGE_SIZE}
      total={orders.data?.total ?? 0}
      onPage={setPage}
      emptyText={t(`centre.empty.${tab}`)}
    />
  );
}

/**
 * A margin order centre of the cross account or of an isolated pair: its open orders and
 * order history, then its loans history (borrow, repay, interest, liquidation), exportable
 * as CSV.
 */
export function MarginEntrustView({ account }: { account: 'all' | 'fixed' }) {
  const { t } = useTranslation('margin');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.find((name) => name === asked) ?? 'open';
  const [pair, setPair] = useState<string>(ISOLATED_PAIRS[0]);
  const a = account === 'all' ? 'all' : pair;
  return (
    <Card
      title={t(account === 'all' ? 'centre.titleCross' : 'centre.titleIsolated')}
      data-layout="wide"
      className={styles.page}
      data-testid="margin-centre"
    >
      <div className={styles.toolbar}>
        {account === 'fixed' ? (
          <Select
            size="small"
            value={pair}
            onChange={setPair}
            aria-label={t('centre.pair')}
            data-testid="margin-pair"
            options={ISOLATED_PAIRS.map((p) => ({
              value: p,
              label: `${p.slice(0, -4).toUpperCase()}/USDT`,
            }))}
          />
        ) : null}
        {isOrderTab(tab) ? null : (
          <span className={styles.toolbarEnd}>
            <ExportButton a={a} kind={tab} />
          </span>
        )}
      </div>
      <Alert
        type="info"
        showIcon
        className={styles.centreNote}
        title={
          <>
            {t('centre.ordersNote')}{' '}
            <Link to="/account/entrust/spot">{t('centre.ordersLink')}</Link>
          </>
        }
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={TABS.map((kind) => ({
          key: kind,
          label: t(`centre.tab.${kind}`),
          children: isOrderTab(kind) ? (
            <OrdersPane key={`${a}-${kind}`} a={a} tab={kind} />
          ) : (
            <HistoryTable key={`${a}-${kind}`} a={a} kind={kind} />
          ),
        }))}
      />
    </Card>
  );
}

/** `/account/entrust/margin-all`: the cross margin centre. */
export function CrossEntrustPage() {
  return <MarginEntrustView account="all" />;
}

/** `/account/entrust/margin-fixed`: the isolated margin centre. */
export function FixedEntrustPage() {
  return <MarginEntrustView account="fixed" />;
}

export default CrossEntrustPage;
