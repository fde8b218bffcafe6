import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { displayAmount, displayPrice } from '@meridian/core';
import { useSettings } from '../../../../shared/settings/store.ts';
import { cx } from '../../../../shared/ui/cx.ts';
import { EmptyState } from '../../../../shared/ui/EmptyState.tsx';
import { useNumberLocale } from '../../../../shared/ui/numbers.tsx';
import { useCandleChart } from './useCandleChart.ts';
import styles from './market-page.module.css';

/**
 * The candles themselves, with their legend: the chart library (about 51 KB of gzipped
 * script) comes in this chunk, asked for once the page around it has painted
 * (CandleChart holds its place meanwhile).
 */
export function ChartCanvas({ priceDecimals }: { priceDecimals: number }) {
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
    <>
      <div ref={container} className={styles.chartCanvas} data-testid="candle-chart" />
      {/* Beside the attribution logo, in the band the candles keep clear. */}
      <div ref={legend} className={cx('num', styles.chartLegend)} data-testid="chart-legend" />
      {hasCandles ? null : (
        <div className={styles.chartEmpty}>
          <EmptyState description={t('market.detail.noCandles')} />
        </div>
      )}
    </>
  );
}
