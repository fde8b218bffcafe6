import { Alert, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../../shared/router/index.tsx';
import { rowSymbol } from '../../data/symbols.ts';
import { PairName } from '../../widgets/Pair.tsx';
import { CandleChart } from './CandleChart.tsx';
import { MarketStats } from './MarketStats.tsx';
import { OrderBook } from './OrderBook.tsx';
import { RecentTrades } from './RecentTrades.tsx';
import { useMarketPage } from './useMarketPage.ts';
import styles from './market-page.module.css';

/** `/market/main`: one market in depth: chart, book, trades and its 24 h figures. */
export function MarketPage() {
  const { t } = useTranslation('markets');
  const page = useMarketPage();
  const decimals = { price: page.priceDecimals, amount: page.quantityDecimals };
  return (
    <div className={styles.marketPage}>
      <header className={styles.marketHeader}>
        <Select
          showSearch
          className={styles.marketSwitch}
          aria-label={t('market.detail.switch')}
          value={page.symbol}
          onChange={page.setSymbol}
          popupMatchSelectWidth={220}
          optionFilterProp="label"
          options={(page.markets.length > 0
            ? page.markets.map((m) => ({ value: rowSymbol(m), label: m.symbol_name }))
            : [{ value: page.symbol, label: page.name }]
          ).map((o) => ({ ...o, title: o.label }))}
          labelRender={() => <PairName name={page.name} />}
        />
        <MarketStats symbol={page.symbol} priceDecimals={page.priceDecimals} />
        <Link to="/quotes/index" className={styles.marketAll}>
          {t('market.detail.backToQuotes')}
        </Link>
      </header>
      {page.unknown ? <Alert type="warning" showIcon title={t('market.detail.unknown')} /> : null}
      <div className={styles.marketGrid}>
        <CandleChart
          interval={page.interval}
          onInterval={page.setInterval}
          priceDecimals={page.priceDecimals}
        />
        <OrderBook symbol={page.symbol} decimals={decimals} />
        <RecentTrades decimals={decimals} />
      </div>
    </div>
  );
}

export default MarketPage;
