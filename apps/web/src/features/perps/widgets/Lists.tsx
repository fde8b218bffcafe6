import { DownloadOutlined } from '@ant-design/icons';
import { Button, Table, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PerpFill, PerpOrder } from '@meridian/contract/calls/perps';
import type { ApiCall } from '../../../shared/api/client.ts';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { Exact, Price } from '../../../shared/ui/numbers.tsx';
import {
  downloadCsv,
  fetchFills,
  fetchFunding,
  fetchOrders,
  fillRows,
  fundingRows,
  orderRows,
  toCsv,
  type CsvLabels,
  type ListScope,
  type PerpFunding,
} from '../data/csv.ts';
import { perpName, useMarketCoins } from '../data/market.ts';
import {
  useCancelPerpOrder,
  usePerpFills,
  usePerpFunding,
  usePerpOrders,
  type OrderStatusFilter,
} from '../data/queries.ts';
import { FundingRate } from './MarketHeader.tsx';
import { Signed } from './PositionRow.tsx';
import styles from './perps.module.css';

export const PAGE_SIZE = 20;
const iso = (ms: number) => new Date(ms).toISOString();
const right = { align: 'right' as const, className: 'num' };

/** Downloads every row the filter matches as CSV, with one notice saying how many. */
export function ExportButton({
  name,
  disabled,
  rows,
}: {
  name: string;
  disabled: boolean;
  rows: (api: ApiCall, labels: CsvLabels) => Promise<{ rows: string[][]; truncated: boolean }>;
}) {
  const { t } = useTranslation('perps');
  const { api } = usePlatform();
  const formatTime = useFormatTime();
  const { coinOf } = useMarketCoins();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      loading={busy}
      disabled={disabled}
      onClick={async () => {
        setBusy(true);
        try {
          const out = await rows(api, {
            time: (ms) => formatTime(iso(ms)),
            text: (k) => t(k),
            coin: coinOf,
          });
          downloadCsv(toCsv(out.rows), `${name}.csv`);
          const count = out.rows.length - 1;
          notifier.notify(
            out.truncated ? 'warning' : 'success',
            t(out.truncated ? 'lists.export.truncated' : 'lists.export.done', { count }),
          );
        } catch {
          // The request rules showed the server's message.
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('lists.export.action')}
    </Button>
  );
}

function Frame<T extends object>({
  testId,
  rows,
  columns,
  rowKey,
  loading,
  failed,
  onRetry,
  empty,
  filtered,
  page,
  total,
  onPage,
}: {
  testId: string;
  rows: T[] | undefined;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  empty: ReactNode;
  filtered: boolean;
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('perps');
  if (failed && !rows) return <LoadFailed title={t('lists.failed')} onRetry={onRetry} />;
  return (
    <div className={styles.listScroll} data-testid={testId}>
      <Table<T>
        size="small"
        rowKey={rowKey}
        columns={columns}
        dataSource={rows ?? []}
        loading={loading}
        tableLayout="auto"
        locale={{
          emptyText: <EmptyState kind={filtered ? 'filtered' : 'none'} description={empty} />,
        }}
        pagination={
          total > PAGE_SIZE
            ? {
                current: page,
                pageSize: PAGE_SIZE,
                total,
                onChange: onPage,
                showSizeChanger: false,
                size: 'small',
              }
            : false
        }
      />
    </div>
  );
}

function useTimeColumn<T>(pick: (row: T) => number) {
  const { t } = useTranslation('perps');
  const formatTime = useFormatTime();
  return {
    title: t('lists.col.time'),
    key: 'time',
    render: (_: unknown, row: T) => (
      <span className={`num ${styles.nowrap}`}>{formatTime(iso(pick(row)))}</span>
    ),
  };
}

/** Orders: open (with cancel) or history, of one market or all. */
export function OrdersList({
  scope,
  status,
  live = false,
  filtered = false,
}: {
  scope: ListScope;
  status: OrderStatusFilter;
  live?: boolean;
  filtered?: boolean;
}) {
  const { t } = useTranslation('perps');
  const [page, setPage] = useState(1);
  const orders = usePerpOrders({ scope, status, page, size: PAGE_SIZE }, live);
  const cancel = useCancelPerpOrder();
  const { coinOf } = useMarketCoins();
  const time = useTimeColumn<PerpOrder>((o) => o.createTime);
  const columns: TableColumnsType<PerpOrder> = [
    time,
    { title: t('lists.col.symbol'), key: 'symbol', render: (_, o) => perpName(o.symbol) },
    {
      title: t('lists.col.side'),
      key: 'side',
      render: (_, o) => (
        <span className={o.side === 'buy' ? styles.up : styles.down}>
          {t(`lists.side.${o.side}`)}
          {o.reduceOnly ? <span className={styles.muted}> · {t('form.reduceOnly')}</span> : null}
        </span>
      ),
    },
    {
      title: t('lists.col.type'),
      key: 'type',
      render: (_, o) =>
        o.source === 'user' ? t(`form.types.${o.type}`) : t(`lists.source.${o.source}`),
    },
    {
      title: t('lists.col.price'),
      key: 'price',
      ...right,
      render: (_, o) => (o.price ? <Price value={o.price} /> : t('form.marketPrice')),
    },
    {
      title: t('lists.col.trigger'),
      key: 'trigger',
      ...right,
      render: (_, o) =>
        o.triggerPrice ? (
          <span>
            <Price value={o.triggerPrice} />{' '}
            <span className={styles.muted}>{t(`form.${o.trigger ?? 'mark'}`)}</span>
          </span>
        ) : (
          '--'
        ),
    },
    {
      title: t('lists.col.filledOf'),
      key: 'filled',
      ...right,
      render: (_, o) => `${o.filledContracts} / ${o.contracts}`,
    },
    {
      title: t('lists.col.average'),
      key: 'average',
      ...right,
      render: (_, o) => <Price value={o.averagePrice} />,
    },
    ...(status === 'open'
      ? [
          {
            title: t('lists.col.margin'),
            key: 'margin',
            ...right,
            render: (_: unknown, o: PerpOrder) => (
              <Exact value={o.marginHeld} unit={coinOf(o.symbol)} />
            ),
          },
        ]
      : [
          {
            title: t('lists.col.fee'),
            key: 'fee',
            ...right,
            render: (_: unknown, o: PerpOrder) => <Exact value={o.fee} unit={coinOf(o.symbol)} />,
          },
          {
            title: t('lists.col.realised'),
            key: 'realised',
            ...right,
            render: (_: unknown, o: PerpOrder) => (
              <Signed value={o.realisedPnl} unit={coinOf(o.symbol)} />
            ),
          },
        ]),
    {
      title: t('lists.col.status'),
      key: 'status',
      render: (_, o) =>
        o.status === 'waiting' && !o.triggered && o.triggerPrice
          ? t('lists.status.untriggered')
          : t(`lists.status.${o.status}`),
    },
    // Every list that can hold an open order offers its cancel (the order centre's "all" too).
    ...(status !== 'history'
      ? [
          {
            title: '',
            key: 'cancel',
            render: (_: unknown, o: PerpOrder) =>
              o.status !== 'waiting' && o.status !== 'partial' ? null : (
                <Button
                  size="small"
                  loading={cancel.isPending && cancel.variables === o.id}
                  onClick={() =>
                    cancel.mutate(o.id, {
                      onSuccess: () => notifier.notify('success', t('lists.cancelled')),
                    })
                  }
                >
                  {t('lists.cancel')}
                </Button>
              ),
          },
        ]
      : []),
  ];
  return (
    <Frame<PerpOrder>
      testId={status === 'open' ? 'perp-open-orders' : 'perp-order-history'}
      rows={orders.data?.records}
      columns={columns}
      rowKey="id"
      loading={orders.isPending}
      failed={orders.isError}
      onRetry={() => void orders.refetch()}
      empty={t(status === 'open' ? 'lists.empty.open' : 'lists.empty.history')}
      filtered={filtered}
      page={page}
      total={orders.data?.total ?? 0}
      onPage={setPage}
    />
  );
}

export function FillsList({ scope, filtered = false }: { scope: ListScope; filtered?: boolean }) {
  const { t } = useTranslation('perps');
  const [page, setPage] = useState(1);
  const fills = usePerpFills({ scope, page, size: PAGE_SIZE });
  const { coinOf } = useMarketCoins();
  const time = useTimeColumn<PerpFill>((f) => f.time);
  const columns: TableColumnsType<PerpFill> = [
    time,
    { title: t('lists.col.symbol'), key: 'symbol', render: (_, f) => perpName(f.symbol) },
    {
      title: t('lists.col.side'),
      key: 'side',
      render: (_, f) => (
        <span className={f.side === 'buy' ? styles.up : styles.down}>
          {t(`lists.side.${f.side}`)}
        </span>
      ),
    },
    {
      title: t('lists.col.price'),
      key: 'price',
      ...right,
      render: (_, f) => <Price value={f.price} />,
    },
    { title: t('lists.col.contracts'), key: 'contracts', ...right, render: (_, f) => f.contracts },
    {
      title: t('lists.col.liquidity'),
      key: 'liquidity',
      render: (_, f) => t(`lists.liquidity.${f.liquidity}`),
    },
    {
      title: t('lists.col.fee'),
      key: 'fee',
      ...right,
      render: (_, f) => <Exact value={f.fee} unit={coinOf(f.symbol)} />,
    },
    {
      title: t('lists.col.realised'),
      key: 'realised',
      ...right,
      render: (_, f) => <Signed value={f.realisedPnl} unit={coinOf(f.symbol)} />,
    },
  ];
  return (
    <Frame<PerpFill>
      testId="perp-fills"
      rows={fills.data?.records}
      columns={columns}
      rowKey="id"
      loading={fills.isPending}
      failed={fills.isError}
      onRetry={() => void fills.refetch()}
      empty={t('lists.empty.fills')}
      filtered={filtered}
      page={page}
      total={fills.data?.total ?? 0}
      onPage={setPage}
    />
  );
}

export function FundingList({ scope, filtered = false }: { scope: ListScope; filtered?: boolean }) {
  const { t } = useTranslation('perps');
  const [page, setPage] = useState(1);
  const funding = usePerpFunding({ scope, page, size: PAGE_SIZE });
  const { coinOf } = useMarketCoins();
  const time = useTimeColumn<PerpFunding>((p) => p.time);
  const columns: TableColumnsType<PerpFunding> = [
    time,
    { title: t('lists.col.symbol'), key: 'symbol', render: (_, p) => perpName(p.symbol) },
    {
      title: t('lists.col.positionSide'),
      key: 'side',
      render: (_, p) => (
        <span className={p.side === 'long' ? styles.up : styles.down}>
          {t(`positions.${p.side}`)}
        </span>
      ),
    },
    { title: t('lists.col.contracts'), key: 'contracts', ...right, render: (_, p) => p.contracts },
    {
      title: t('lists.col.rate'),
      key: 'rate',
      ...right,
      render: (_, p) => <FundingRate rate={p.rate} />,
    },
    {
      title: t('lists.col.markPrice'),
      key: 'mark',
      ...right,
      render: (_, p) => <Price value={p.markPrice} />,
    },
    {
      title: t('lists.col.amount'),
      key: 'amount',
      ...right,
      render: (_, p) => <Signed value={p.amount} unit={coinOf(p.symbol)} />,
    },
  ];
  return (
    <Frame<PerpFunding>
      testId="perp-funding"
      rows={funding.data?.records}
      columns={columns}
      rowKey="id"
      loading={funding.isPending}
      failed={funding.isError}
      onRetry={() => void funding.refetch()}
      empty={t('lists.empty.funding')}
      filtered={filtered}
      page={page}
      total={funding.data?.total ?? 0}
      onPage={setPage}
    />
  );
}

/** The exports of the three histories, as the lists filter them. */
export const exporters = {
  orders: (scope: ListScope, status: OrderStatusFilter) => async (api: ApiCall, l: CsvLabels) => {
    const out = await fetchOrders(api, scope, status);
    return { rows: orderRows(out.rows, l), truncated: out.truncated };
  },
  fills: (scope: ListScope) => async (api: ApiCall, l: CsvLabels) => {
    const out = await fetchFills(api, scope);
    return { rows: fillRows(out.rows, l), truncated: out.truncated };
  },
  funding: (scope: ListScope) => async (api: ApiCall, l: CsvLabels) => {
    const out = await fetchFunding(api, scope);
    return { rows: fundingRows(out.rows, l), truncated: out.truncated };
  },
};
