import { Card, Empty, Segmented } from 'antd';
import styles from './market-page.module.css';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../../shared/settings/store.ts';
import type { KlineInterval } from '../../data/feed.ts';
import { INTERVALS } from './useMarketPage.ts';
import { useCandleChart } from './useCandleChart.ts';
import ui from '../../../../shared/ui/market.module.css';

export function CandleChart({
  interval,
  onInterval,
  priceDecimals,
}: {
  interval: KlineInterval;
  onInterval: (next: KlineInterval) => void;
  priceDecimals: number;
}) {
  const { t } = useTranslation('markets');
  const theme = useSettings((s) => s.theme);
  const timezone = useSettings((s) => s.timezone);
  const container = useRef<HTMLDivElement>(null);
  const { hasCandles } = useCandleChart(container, { theme, timezone, priceDecimals });
  // The translated caption places the product name where its language puts it.
  const [before = '', after = ''] = t('market.detail.attribution', { name: '@@' }).split('@@');
  return (
    <Card
      size="small"
      className={`${styles.marketPanel} ${styles.chart}`}
      title={t('market.detail.chart')}
      extra={
        <Segmented<KlineInterval>
          size="small"
          aria-label={t('market.detail.interval')}
          value={interval}
          onChange={onInterval}
          // Interval codes (1m, 4h, 1M) read the same on exchanges in every language.
          options={INTERVALS.map((value) => ({ value, label: value }))}
        />
      }
    >
      <div className={styles.chartBox}>
        <div ref={container} className={styles.chartCanvas} data-testid="candle-chart" />
        {hasCandles ? null : (
          <Empty className={styles.chartEmpty} description={t('market.detail.noCandles')} />
        )}
      </div>
      <p className={`${styles.chartAttribution} ${ui.muted}`}>
        {before}
        <a href="https://www.tradingview.com/" target="_blank" rel="noreferrer">
          TradingView Lightweight Charts™
        </a>
        {after}
      </p>
    </Card>
  );
}
