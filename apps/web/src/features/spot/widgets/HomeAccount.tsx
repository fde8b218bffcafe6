import { Button, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { useStore } from 'zustand';
import {
  displayName,
  pairOf,
  rowSymbol,
  useMarketLayer,
  useMarketRows,
} from '../../markets/index.ts';
import { portfolio } from '../data/portfolio.ts';
import { isoOf, orderSideKey, orderStatusKey, orderTypeKey } from '../data/order-labels.ts';
import { useSpotOrders, useSpotWallets } from '../data/spot-queries.ts';
import { OrderQuantity } from '../orders/order-cells.tsx';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { Amount, Fiat, Price } from '../../../shared/ui/numbers.tsx';
import ui from '../../../shared/ui/market.module.css';
import styles from './home-account.module.css';

/** How many coins the balances card lists; the total counts them all. */
export const MAIN_ASSETS = 5;
/** How many orders the recent orders card lists. */
export const RECENT_ORDERS = 5;

const ORDER_CENTRE = '/account/entrust/spot';
const TRADE = '/trade/index?type=spot&symbol=btc';

/** The user's spot wallet valued at the last prices, as a hook the view only renders. */
function useHomeBalances() {
  const rows = useMarketRows('spot');
  const symbols = useMemo(() => (rows.data ?? []).map(rowSymbol), [rows.data]);
  const wallets = useSpotWallets(symbols);
  const { feed } = useMarketLayer();
  const tickers = useStore(feed.tickers.store, (s) => s.bySymbol);
  const closes = useMemo(() => {
    const byCoin = new Map<string, string>();
    for (const row of rows.data ?? []) {
      const symbol = rowSymbol(row);
      byCoin.set(pairOf(symbol)[0], tickers[symbol]?.close ?? row.close);
    }
    return byCoin;
  }, [rows.data, tickers]);
  const data = useMemo(
    () => (wallets.data ? portfolio(wallets.data, (coin) => closes.get(coin)) : undefined),
    [wallets.data, closes],
  );
  return {
    data,
    loading: rows.isPending || (symbols.length > 0 && wallets.isPending && !wallets.data),
    failed: (rows.isError && !rows.data) || (wallets.isError && !wallets.data),
    retrying: rows.isFetching || wallets.isFetching,
    retry: () => {
      if (rows.isError) void rows.refetch();
      void wallets.refetch();
    },
  };
}

function HomeBalances() {
  const { t } = useTranslation('spot');
  const balances = useHomeBalances();
  const { data } = balances;
  return (
    <Panel title={t('home.balances.title')} className={styles.card}>
      {balances.loading ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : balances.failed || !data ? (
        <LoadFailed
          title={t('home.balances.loadFailed')}
          onRetry={balances.retry}
          retrying={balances.retrying}
        />
      ) : data.holdings.length === 0 ? (
        <EmptyState description={t('home.balances.empty')}>
          <Link to={TRADE}>
            <Button type="primary">{t('home.markets')}</Button>
          </Link>
        </EmptyState>
      ) : (
        <div data-testid="home-balances">
          <div className={styles.total}>
            <span className={styles.label}>{t('home.balances.total')}</span>
            <Fiat value={data.total} className={styles.totalValue} />
            <Amount value={data.total} unit="USDT" className={styles.muted} />
          </div>
          <table className={`${ui.dataTable} ${styles.table}`}>
            <thead>
              <tr>
                <th>{t('orders.col.coin')}</th>
                <th className="num">{t('home.balances.amount')}</th>
                <th className="num">{t('home.balances.value')}</th>
              </tr>
            </thead>
            <tbody>
              {data.holdings.slice(0, MAIN_ASSETS).map((h) => (
                <tr key={h.coin} data-coin={h.coin}>
                  <td className={styles.coin}>{h.coin.toUpperCase()}</td>
                  <td className="num">
                    <Amount value={h.amount} />
                  </td>
                  <td className="num">
                    <Fiat value={h.value} approx={false} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.holdings.length > MAIN_ASSETS && (
            <p className={styles.more}>
              {t('home.balances.more', { count: data.holdings.length - MAIN_ASSETS })}
            </p>
          )}
        </div>
      )}
    </Panel>
  );
}

function HomeRecentOrders() {
  const { t } = useTranslation('spot');
  const formatTime = useFormatTime();
  const orders = useSpotOrders({ status: 'all', page: 1, size: RECENT_ORDERS });
  const list = orders.data?.list;
  return (
    <Panel
      title={t('home.orders.title')}
      className={styles.card}
      extra={<Link to={ORDER_CENTRE}>{t('home.orders.all')}</Link>}
    >
      {orders.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : orders.isError && !list ? (
        <LoadFailed
          title={t('orders.loadFailed')}
          onRetry={() => void orders.refetch()}
          retrying={orders.isFetching}
        />
      ) : !list || list.length === 0 ? (
        <EmptyState description={t('orders.empty.none')}>
          <Link to={TRADE}>
            <Button type="primary">{t('home.orders.trade')}</Button>
          </Link>
        </EmptyState>
      ) : (
        <ul className={styles.orders} data-testid="home-orders">
          {list.slice(0, RECENT_ORDERS).map((o) => (
            <li key={o.id} data-order-id={o.id}>
              <Link to={ORDER_CENTRE} className={styles.order}>
                <span className={styles.orderHead}>
                  <span className={ui.pair}>{displayName(o.symbol)}</span>
                  <span className={o.side === 'buy' ? ui.up : ui.down}>
                    {t(orderSideKey(o.side))}
                  </span>
                  <span className={styles.muted}>{t(orderTypeKey(o.type))}</span>
                </span>
                <span className={styles.orderFigures}>
                  {/* A market order's price is what it traded at, once it has. */}
                  <Price value={o.price ?? o.averagePrice} />
                  <OrderQuantity order={o} withCoin />
                </span>
                <span className={`${styles.orderSub} ${styles.muted}`}>
                  <span className={styles.time}>{formatTime(isoOf(o.time))}</span>
                  <span>{t(orderStatusKey(o))}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/**
 * The signed-in home's own part: the spot balances (total in the display currency and the
 * main coins) and the latest orders, each with its loading, empty and error state.
 */
export function HomeAccount() {
  return (
    <div className={styles.account}>
      <HomeBalances />
      <HomeRecentOrders />
    </div>
  );
}
