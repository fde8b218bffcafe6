import { Empty, Segmented } from 'antd';
import styles from './market-page.module.css';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../../shared/settings/store.ts';
import type { KlineInterval } from '../../data/feed.ts';
import { INTERVALS } from './useMarketPage.ts';
import { useCandleChart } from './useCandleChart.ts';
import { cx } from '../../../../shared/ui/cx.ts';
import { Panel } from '../../../../shared/ui/Panel.tsx';
import { useNumberLocale } from '../../../../shared/ui/numbers.tsx';
import { displayAmount, displayPrice } from '@meridian/core';

export function CandleChart({
  interval,
  onInterval,
  priceDecimals,
  fill = false,
}: {
  interval: KlineInterval;
  onInterval: (next: KlineInterval) => void;
  priceDecimals: number;
  /** Fill the parent's height (the trade page sizes the chart's row) instead of --chart-height. */
  fill?: boolean;
}) {
  const { t } = useTranslation('markets');
  const theme = useSettings((s) => s.theme);
  const timezone = useSettings((s) => s.timezone);
  const container = useRef<HTMLDivElement>(null);
  const locale = useNumberLocale();
  const legend = useRef<HTMLDivElement>(null);
  const price = (value: string) => displayPrice(value, { locale, decimals: priceDecimals });
  const { hasCandles } = useCandleChart(container, {
    theme,
    timezone,
    priceDecimals,
    locale,
    legend: {
      element: legend,
      text: (candle) =>
        t('market.detail.ohlc', {
          open: price(candle.open),
          high: price(candle.high),
          low: price(candle.low),
          close: price(candle.close),
          volume: displayAmount(candle.volume, { locale, compact: true }),
          interpolation: { escapeValue: false },
        }),
    },
  });
  return (
    <Panel
      className={cx(styles.marketPanel, styles.chart, fill && styles.chartFill)}
      classNames={{ head: styles.panelHead, extra: styles.panelExtra, body: styles.panelBody }}
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
        {/* Beside the attribution logo, in the band the candles keep clear. */}
        <div ref={legend} className={cx('num', styles.chartLegend)} data-testid="chart-legend" />
        {hasCandles ? null : (
          <Empty className={styles.chartEmpty} description={t('market.detail.noCandles')} />
        )}
      </div>
    </Panel>
  );
}
