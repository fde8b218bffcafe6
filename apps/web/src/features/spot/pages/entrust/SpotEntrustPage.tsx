import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Segmented, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSpotGoods } from '@meridian/contract/calls/market';
import { useFormatTime } from '../../../../shared/dates/useFormatTime.ts';
import { notifier } from '../../../../shared/feedback/notifier.ts';
import { displayName, rowSymbol } from '../../../markets/index.ts';
import { RetentionNote } from '../../../retention/index.ts';
import { usePlatform } from '../../../../shared/platform/context.tsx';
import { CSV_BOM, orderCsvRows, toCsv } from '../../data/csv.ts';
import { fetchOrdersForExport } from '../../data/export-orders.ts';
import { isoOf, orderSideKey, orderStatusKey, orderTypeKey } from '../../data/order-labels.ts';
import { useSpotOrders, type OrderStatusFilter } from '../../data/spot-queries.ts';
import { OrdersTable } from '../../orders/OrdersTable.tsx';
import styles from './entrust.module.css';

const PAGE_SIZE = 20;
const ALL = 'all';

function useMarketOptions() {
  const { api } = usePlatform();
  const goods = useQuery({
    queryKey: ['market', 'spotGoods'],
    queryFn: () => api.quiet(getSpotGoods),
    staleTime: 60_000,
  });
  return (goods.data ?? []).map((row) => {
    const symbol = rowSymbol(row);
    return { value: symbol, label: displayName(symbol) };
  });
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([CSV_BOM + text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** `/account/entrust/spot`: every spot order of mine, filtered, paged and exportable. */
export function SpotEntrustPage() {
  const { t } = useTranslation('spot');
  const { api } = usePlatform();
  const formatTime = useFormatTime();
  const markets = useMarketOptions();
  const [symbol, setSymbol] = useState<string>(ALL);
  const [status, setStatus] = useState<OrderStatusFilter>('all');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const filter = { symbol: symbol === ALL ? undefined : symbol, status };
  // With no filter set an empty centre means the user has no orders at all.
  const filtered = symbol !== ALL || status !== 'all';
  const orders = useSpotOrders({ ...filter, page, size: PAGE_SIZE });

  async function exportCsv() {
    setExporting(true);
    try {
      const { orders: all, truncated } = await fetchOrdersForExport(api, filter);
      const rows = orderCsvRows(all, {
        header: [
          t('orders.col.id'),
          t('orders.col.time'),
          t('orders.col.pair'),
          t('orders.col.type'),
          t('orders.col.side'),
          t('orders.col.price'),
          t('orders.col.triggerPrice'),
          t('orders.col.quantity'),
          t('orders.col.filled'),
          t('orders.col.averagePrice'),
          t('orders.col.entrustedValue'),
          t('orders.col.filledValue'),
          t('orders.col.fee'),
          t('orders.col.feeCoin'),
          t('orders.col.status'),
        ],
        time: (ms) => formatTime(isoOf(ms)),
        pair: displayName,
        type: (o) => t(orderTypeKey(o.type)),
        side: (o) => t(orderSideKey(o.side)),
        status: (o) => t(orderStatusKey(o)),
      });
      download(`spot-orders-${symbol}-${status}.csv`, toCsv(rows));
      notifier.notify(
        truncated ? 'warning' : 'success',
        truncated
          ? t('orders.export.truncated', { count: all.length })
          : t('orders.export.done', { count: all.length }),
      );
    } catch {
      // The request rules have shown the server's message already.
    } finally {
      setExporting(false);
    }
  }

  return (
    // A trading screen: the whole width, so an order's every field fits on one row.
    <Card className={styles.entrustPage} title={t('orders.centre.title')} data-layout="wide">
      <div className={styles.entrustFilters}>
        <label className={styles.entrustFilter}>
          <span>{t('orders.centre.market')}</span>
          <Select
            className={styles.entrustMarket}
            value={symbol}
            showSearch
            optionFilterProp="label"
            onChange={(value) => {
              setSymbol(value);
              setPage(1);
            }}
            options={[{ value: ALL, label: t('orders.centre.allMarkets') }, ...markets]}
          />
        </label>
        <Segmented<OrderStatusFilter>
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={[
            { value: 'open', label: t('orders.centre.open') },
            { value: 'history', label: t('orders.centre.history') },
            { value: 'all', label: t('orders.centre.all') },
          ]}
        />
        <Button
          className={styles.entrustExport}
          icon={<DownloadOutlined />}
          loading={exporting}
          disabled={!orders.data || orders.data.total === 0}
          onClick={() => void exportCsv()}
        >
          {t('orders.export.action')}
        </Button>
      </div>
      <OrdersTable
        testId="order-centre"
        orders={orders.data?.list}
        loading={orders.isPending || orders.isPlaceholderData}
        failed={orders.isError}
        onRetry={() => void orders.refetch()}
        page={page}
        size={PAGE_SIZE}
        total={orders.data?.total ?? 0}
        onPage={setPage}
        emptyKind={filtered ? 'filtered' : 'none'}
        emptyText={filtered ? t('orders.empty.filtered') : t('orders.empty.none')}
      />
      <RetentionNote />
    </Card>
  );
}

export default SpotEntrustPage;
