import { ExpandOutlined, CompressOutlined } from '@ant-design/icons';
import { Alert, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { CandleChart, MarketStats, OrderBook, RecentTrades } from '../../../markets/index.ts';
import { SecurityFundNote } from '../../widgets/SecurityFundNote.tsx';
import { MarketSwitcher } from './MarketSwitcher.tsx';
import { SpotOrdersPanel } from '../../orders/SpotOrdersPanel.tsx';
import { OrderPanel } from './OrderForm.tsx';
import { TRADE_TYPE } from './trade-symbol.ts';
import { useIsPhone } from '../../../../shared/ui/useIsPhone.ts';
import type { PickedPrice } from './useOrderForm.ts';
import { useTradeMarket } from './useTradeMarket.ts';
import { cx } from '../../../../shared/ui/cx.ts';
import styles from './trade.module.css';

/** Book rows per side on a wide screen: as tall as the chart and the form beside it. */
const DESKTOP_BOOK_ROWS = 12;
const PHONE_BOOK_ROWS = 8;
const DESKTOP_TRADE_ROWS = 30;

function TradeView({ fullScreen }: { fullScreen: boolean }) {
  const { t } = useTranslation(['spot', 'markets']);
  const market = useTradeMarket({ typeInQuery: !fullScreen });
  const phone = useIsPhone();
  const [picked, setPicked] = useState<PickedPrice | null>(null);
  const [phoneTab, setPhoneTab] = useState<'book' | 'trades'>('book');
  const onPick = (price: string) => setPicked((last) => ({ price, seq: (last?.seq ?? 0) + 1 }));
  const decimals = { price: market.maths.priceDecimals, amount: market.maths.quantityDecimals };
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  query.delete('type');
  const rest = query.toString();
  const switchView = fullScreen
    ? `/trade/index?type=${TRADE_TYPE}${rest ? `&${rest}` : ''}`
    : `/exchange/full-screen/${TRADE_TYPE}${rest ? `?${rest}` : ''}`;

  const book = (
    <OrderBook
      symbol={market.symbol}
      decimals={decimals}
      rows={phone ? PHONE_BOOK_ROWS : DESKTOP_BOOK_ROWS}
      tick={market.tick}
      onPick={onPick}
    />
  );
  const trades = (
    <RecentTrades decimals={decimals} rows={phone ? 20 : DESKTOP_TRADE_ROWS} onPick={onPick} />
  );
  const form = (
    <OrderPanel
      key={market.symbol}
      market={{ symbol: market.symbol, maths: market.maths, lastPrice: market.lastPrice }}
      coins={{ base: market.base, quote: market.quote }}
      picked={picked}
      phone={phone}
    />
  );
  const chart = (
    <CandleChart
      interval={market.interval}
      onInterval={market.setInterval}
      priceDecimals={market.maths.priceDecimals}
    />
  );

  return (
    // data-layout="wide": the shell gives trading screens the whole width (app/layout).
    <div className={cx(styles.tradePage, fullScreen && styles.isFull)} data-layout="wide">
      <header className={styles.tradeTop}>
        <MarketSwitcher
          name={market.name}
          symbol={market.symbol}
          rows={market.rows}
          onSwitch={market.setSymbol}
        />
        <MarketStats symbol={market.symbol} priceDecimals={market.maths.priceDecimals} />
        <Link to={switchView} className={styles.tradeViewLink}>
          {fullScreen ? <CompressOutlined /> : <ExpandOutlined />}
          <span>{t(fullScreen ? 'trade.view.normal' : 'trade.view.fullScreen')}</span>
        </Link>
      </header>
      {market.unknown ? (
        <Alert type="warning" showIcon title={t('trade.unknownSymbol', { name: market.name })} />
      ) : null}
      {phone ? (
        <div className={styles.tradeColumn}>
          {chart}
          <Segmented
            block
            value={phoneTab}
            onChange={setPhoneTab}
            options={[
              { value: 'book', label: t('market.book.title') },
              { value: 'trades', label: t('market.trades.title') },
            ]}
          />
          {phoneTab === 'book' ? book : trades}
          {form}
        </div>
      ) : (
        <div className={styles.tradeGrid}>
          <div className={styles.tradeAreaBook}>{book}</div>
          <div className={styles.tradeAreaChart}>{chart}</div>
          <div className={styles.tradeAreaTrades}>{trades}</div>
          <div className={styles.tradeAreaForm}>{form}</div>
        </div>
      )}
      <section className={styles.tradeOrders}>
        <SpotOrdersPanel symbol={market.symbol} />
        <SecurityFundNote coins={[market.base, market.quote]} inline />
      </section>
    </div>
  );
}

/** `/trade/index?type=spot&symbol=btc` and `/exchange/index`: the spot trade page. */
export function TradePage() {
  return <TradeView fullScreen={false} />;
}

/** `/exchange/full-screen/:type`: the same page with a bigger chart; only spot is served. */
export function FullScreenTradePage() {
  const { type } = useParams();
  const { search } = useLocation();
  if (type !== TRADE_TYPE)
    return <Navigate to={`/exchange/full-screen/${TRADE_TYPE}${search}`} replace />;
  return <TradeView fullScreen />;
}

export default TradePage;
