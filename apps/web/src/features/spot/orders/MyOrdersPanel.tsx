import { Space, Switch, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import { useSpotOrders, type OrderStatusFilter } from '../data/spot-queries.ts';
import { CancelAllButton } from './CancelAllButton.tsx';
import { OrdersTable } from './OrdersTable.tsx';
import { SpotBalances } from './SpotBalances.tsx';
import { TradeHistory } from './TradeHistory.tsx';
import styles from './orders.module.css';

const OPEN_PAGE_SIZE = 50;
const HISTORY_PAGE_SIZE = 10;

type Tab = 'open' | 'history' | 'trades' | 'balances';

function PagedOrders(props: {
  testId: string;
  status: OrderStatusFilter;
  symbol?: string;
  size: number;
  emptyText: string;
}) {
  const [page, setPage] = useState(1);
  const orders = useSpotOrders({
    symbol: props.symbol,
    status: props.status,
    page,
    size: props.size,
  });
  return (
    <OrdersTable
      testId={props.testId}
      orders={orders.data?.list}
      loading={orders.isPending || orders.isPlaceholderData}
      failed={orders.isError}
      onRetry={() => void orders.refetch()}
      page={page}
      size={props.size}
      total={orders.data?.total ?? 0}
      onPage={setPage}
      emptyText={props.emptyText}
    />
  );
}

/**
 * The trade page's lower panel for a signed-in user: my open orders, order history, trade
 * history and the market's balances. Orders cover the current market or, with the switch
 * off, every market; fills and balances are always the current market's. Its own chunk
 * (antd's Table and Tabs), which a visitor's trade page never loads.
 */
export default function MyOrdersPanel({ symbol }: { symbol: string }) {
  const { t } = useTranslation('spot');
  const phone = useIsPhone();
  const [tab, setTab] = useState<Tab>('open');
  const [currentOnly, setCurrentOnly] = useState(true);
  const scope = currentOnly ? symbol : undefined;
  // The count in the tab's label is the same query the tab shows, so it costs nothing.
  const open = useSpotOrders({ symbol: scope, status: 'open', page: 1, size: OPEN_PAGE_SIZE });

  const ordersTab = tab === 'open' || tab === 'history';
  const openCount = open.data?.total ?? 0;
  const scopeSwitch = ordersTab ? (
    <Space size={16} wrap>
      <label className={styles.ordersScope}>
        <Switch size="small" checked={currentOnly} onChange={setCurrentOnly} />
        <span>{t('orders.currentOnly')}</span>
      </label>
      {tab === 'open' ? <CancelAllButton symbol={scope} count={openCount} /> : null}
    </Space>
  ) : null;
  return (
    <section className={styles.ordersPanel} aria-label={t('orders.title')}>
      {/* On a phone the tabs need the whole row; the switch goes above them. */}
      {phone && scopeSwitch && <div className={styles.ordersScopeRow}>{scopeSwitch}</div>}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        // The switch and "Cancel all" beside the tab list, not inside it (antd's extra
        // content sits in the element with the tablist role, where only tabs belong).
        renderTabBar={(props, DefaultTabBar) => (
          <div className={styles.ordersTabBar}>
            <DefaultTabBar {...props} />
            {!phone && scopeSwitch}
          </div>
        )}
        items={[
          {
            key: 'open',
            label: t('orders.tab.openCount', { count: openCount }),
            children: (
              <PagedOrders
                key={`open-${scope ?? 'all'}`}
                testId="open-orders"
                status="open"
                symbol={scope}
                size={OPEN_PAGE_SIZE}
                emptyText={t('orders.empty.open')}
              />
            ),
          },
          {
            key: 'history',
            label: t('orders.tab.history'),
            children: (
              <PagedOrders
                key={`history-${scope ?? 'all'}`}
                testId="order-history"
                status="history"
                symbol={scope}
                size={HISTORY_PAGE_SIZE}
                emptyText={t('orders.empty.history')}
              />
            ),
          },
          {
            key: 'trades',
            label: t('orders.tab.trades'),
            children: <TradeHistory symbol={symbol} />,
          },
          {
            key: 'balances',
            label: t('orders.tab.balances'),
            children: <SpotBalances symbol={symbol} />,
          },
        ]}
        destroyOnHidden
      />
    </section>
  );
}
