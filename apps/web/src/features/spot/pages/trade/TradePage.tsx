import { CompressOutlined, ExclamationCircleFilled, ExpandOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Link,
  Navigate,
  useLocation,
  useParams,
  useSearchParams,
} from '../../../../shared/router/index.tsx';
import type { Side as OrderSide } from '@meridian/core';
import { CandleChart, MarketStats, OrderBook, RecentTrades } from '../../../markets/index.ts';
import { SecurityFundNote } from '../../widgets/SecurityFundNote.tsx';
import { MarketSwitcher } from './MarketSwitcher.tsx';
import { SpotOrdersPanel } from '../../orders/SpotOrdersPanel.tsx';
import { orderForm } from './order-form-part.ts';
import { PhoneOrderBar } from './PhoneOrderBar.tsx';
import { ResizeHandle } from './ResizeHandle.tsx';
import { TRADE_TYPE } from './trade-symbol.ts';
import { tradeLayout } from './trade-layout.ts';
import { useChartHeight } from './chart-height.ts';
import { loadNamespaces } from '../../../../shared/i18n/index.ts';
import { withAntd } from '../../../../shared/ui/antd/scope.tsx';
import { PlainSegmented } from '../../../../shared/ui/PlainSegmented.tsx';
import { Spinner } from '../../../../shared/ui/Spinner.tsx';
import { useIsPhone } from '../../../../shared/ui/useIsPhone.ts';
import type { PickedPrice } from './useOrderForm.ts';
import { useTradeMarket } from './useTradeMarket.ts';
import { cx } from '../../../../shared/ui/cx.ts';
import styles from './trade.module.css';

// `/trade/index?type=sec` is the seconds feature's page, loaded only when asked for, with
// its messages (the route loads only those of the spot view, which most visits show) and
// antd's theme scope (the spot view's first screen draws without antd).
const loadSecondsPage = withAntd(async () => {
  const [module] = await Promise.all([
    import('../../../seconds/index.ts'),
    loadNamespaces(['seconds']),
  ]);
  return module.SecondsTradePage;
});
const SecondsTradePage = lazy(async () => ({ default: await loadSecondsPage() }));

// `/trade/index?type=usta` (U contracts) and `?type=coin` (coin-margined) are the perps
// feature's page, loaded the same way.
const loadPerpPage = withAntd(async () => {
  const [module] = await Promise.all([import('../../../perps/lazy.ts'), loadNamespaces(['perps'])]);
  return module.PerpTradePage;
});
const PerpTradePage = lazy(async () => ({ default: await loadPerpPage() }));

const PHONE_BOOK_ROWS = 8;
const PHONE_TRADE_ROWS = 20;

type SideTab = 'book' | 'trades';

function TradeView({ fullScreen }: { fullScreen: boolean }) {
  const { t } = useTranslation(['spot', 'markets']);
  const market = useTradeMarket({ typeInQuery: !fullScreen });
  const phone = useIsPhone();
  const chartHeight = useChartHeight(fullScreen);
  const layout = tradeLayout(chartHeight.height);
  const [picked, setPicked] = useState<PickedPrice | null>(null);
  const [sideTab, setSideTab] = useState<SideTab>('book');
  const [side, setSide] = useState<OrderSide>('buy');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const onPick = (price: string) => {
    setPicked((last) => ({ price, seq: (last?.seq ?? 0) + 1 }));
    // On a phone the form is in a drawer: a picked price opens it, filled.
    if (phone) setDrawerOpen(true);
  };
  const decimals = { price: market.maths.priceDecimals, amount: market.maths.quantityDecimals };
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  query.delete('type');
  const rest = query.toString();
  const switchView = fullScreen
    ? `/trade/index?type=${TRADE_TYPE}${rest ? `&${rest}` : ''}`
    : `/exchange/full-screen/${TRADE_TYPE}${rest ? `?${rest}` : ''}`;

  // One panel at a time (a phone, or a short chart row): the switch is the panel's title.
  const tabbed = phone || !layout.stacked;
  const tabs = (
    <PlainSegmented<SideTab>
      value={sideTab}
      onChange={setSideTab}
      options={[
        { value: 'book', label: t('markets:market.book.title') },
        { value: 'trades', label: t('markets:market.trades.tab') },
      ]}
    />
  );
  const book = (
    <OrderBook
      symbol={market.symbol}
      decimals={decimals}
      rows={phone ? PHONE_BOOK_ROWS : layout.bookRows}
      tick={market.tick}
      onPick={onPick}
      className={styles.tradeBook}
      title={tabbed ? tabs : undefined}
    />
  );
  const trades = (
    <RecentTrades
      decimals={decimals}
      rows={phone ? PHONE_TRADE_ROWS : layout.tradeRows}
      onPick={onPick}
      title={tabbed ? tabs : undefined}
    />
  );
  const form = (
    <orderForm.Part
      key={market.symbol}
      market={{
        symbol: market.symbol,
        maths: market.maths,
        listedPrice: market.listedPrice,
        paused: market.paused,
      }}
      coins={{ base: market.base, quote: market.quote }}
      picked={picked}
      side={side}
      onSide={setSide}
      phone={phone}
    />
  );
  const chart = (
    <CandleChart
      interval={market.interval}
      onInterval={market.setInterval}
      priceDecimals={market.maths.priceDecimals}
      fill={!phone}
    />
  );
  const size = { '--trade-row-h': `${chartHeight.height}px` } as CSSProperties;

  return (
    // data-layout: the shell gives trading screens the whole width, and in full screen
    // the whole viewport without its header and footer (app/layout).
    <div
      className={cx(styles.tradePage, fullScreen && styles.isFull, phone && styles.isPhone)}
      data-layout={fullScreen ? 'full' : 'wide'}
      style={size}
    >
      <header className={styles.tradeTop}>
        <MarketSwitcher
          name={market.name}
          symbol={market.symbol}
          rows={market.rows}
          onSwitch={market.setSymbol}
        />
        <MarketStats symbol={market.symbol} priceDecimals={market.maths.priceDecimals} />
        {/* A phone has no room to spare and no header to hide: no full-screen view there. */}
        {phone ? null : (
          <Link to={switchView} className={styles.tradeViewLink}>
            {fullScreen ? <CompressOutlined /> : <ExpandOutlined />}
            <span>{t(fullScreen ? 'trade.view.normal' : 'trade.view.fullScreen')}</span>
          </Link>
        )}
      </header>
      {market.unknown ? (
        <p className={styles.unknownMarket} role="alert">
          <ExclamationCircleFilled className={styles.unknownIcon} aria-hidden />
          {t('trade.unknownSymbol', { name: market.name })}
        </p>
      ) : null}
      {phone ? (
        <div className={styles.tradeColumn}>
          <div className={styles.phoneChart}>{chart}</div>
          {sideTab === 'book' ? book : trades}
        </div>
      ) : (
        <>
          <div className={styles.tradeGrid}>
            <div className={styles.tradeAreaChart}>{chart}</div>
            <div className={styles.tradeAreaBook}>
              {layout.stacked ? (
                <>
                  {book}
                  <div className={styles.tradeTrades}>{trades}</div>
                </>
              ) : (
                <>
                  {sideTab === 'book' ? book : <div className={styles.tradeTrades}>{trades}</div>}
                </>
              )}
            </div>
            <div className={styles.tradeAreaForm}>{form}</div>
          </div>
          <ResizeHandle
            height={chartHeight.height}
            onPreview={chartHeight.preview}
            onCommit={chartHeight.commit}
            onReset={chartHeight.reset}
          />
        </>
      )}
      <section className={styles.tradeOrders}>
        <SpotOrdersPanel symbol={market.symbol} />
        <SecurityFundNote coins={[market.base, market.quote]} inline />
      </section>
      {phone ? (
        <PhoneOrderBar
          base={market.base}
          open={drawerOpen}
          onOpen={(next) => {
            setSide(next);
            setDrawerOpen(true);
          }}
          onClose={() => setDrawerOpen(false)}
        >
          {form}
        </PhoneOrderBar>
      ) : null}
    </div>
  );
}

/**
 * `/trade/index?type=spot&symbol=btc` and `/exchange/index`: the spot trade page;
 * `/trade/index?type=sec` the second contracts; `?type=usta` and `?type=coin` the perpetuals.
 */
export function TradePage() {
  const [params] = useSearchParams();
  const type = params.get('type');
  if (type === 'sec' || type === 'usta' || type === 'coin') {
    return (
      <Suspense
        fallback={
          <div className="page-spinner" aria-busy="true">
            <Spinner />
          </div>
        }
      >
        {type === 'sec' ? <SecondsTradePage /> : <PerpTradePage />}
      </Suspense>
    );
  }
  return <TradeView fullScreen={false} />;
}

/**
 * `/exchange/full-screen/:type`: the same page filling the viewport, without the app's
 * header and footer; only spot is served.
 */
export function FullScreenTradePage() {
  const { type } = useParams();
  const { search } = useLocation();
  if (type !== TRADE_TYPE)
    return <Navigate to={`/exchange/full-screen/${TRADE_TYPE}${search}`} replace />;
  return <TradeView fullScreen />;
}

export default TradePage;
