/*
 * TradingView Lightweight Charts™
 * Copyright (c) 2025 TradingView, Inc. https://www.tradingview.com/
 * (the attribution its Apache-2.0 licence asks for; the chart shows TradingView's logo)
 */
import { Empty, Segmented } from 'antd';
import {
  CandlestickSeries,
  createChart,
  LineStyle,
  type IPriceLine,
  type ISeriesApi,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PerpPosition } from '@meridian/contract/calls/perps';
import { useMarketLayer, type KlineInterval } from '../../markets/index.ts';
import { useSettings } from '../../../shared/settings/store.ts';
import { useNumberLocale } from '../../../shared/ui/numbers.tsx';
import {
  candleChartOptions,
  candleSeriesOptions,
  toBar,
} from '../../../shared/ui/chart/candle-style.ts';
import styles from './perps.module.css';

const INTERVALS: KlineInterval[] = ['1m', '5m', '15m', '1h', '4h', '1d'];
/** Entry in blue, liquidation in amber: neither reads as a gain or a loss. */
const ENTRY_COLOR = '#3b82f6';
const LIQUIDATION_COLOR = '#f59e0b';

/**
 * The candles of the underlying spot market (the perpetual's index follows it) with the
 * position's entry and liquidation prices drawn as price lines. The chart library draws
 * with numbers: these conversions feed pixels only, the decimal strings stay the truth.
 */
export function PerpChart({
  interval,
  onInterval,
  priceDecimals,
  position,
}: {
  interval: KlineInterval;
  onInterval: (next: KlineInterval) => void;
  priceDecimals: number;
  position: PerpPosition | null;
}) {
  const { t } = useTranslation('perps');
  const { feed } = useMarketLayer();
  const theme = useSettings((s) => s.theme);
  const locale = useNumberLocale();
  const container = useRef<HTMLDivElement>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const [hasCandles, setHasCandles] = useState(false);
  const [ready, setReady] = useState(0);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = createChart(element, candleChartOptions(theme, priceDecimals, locale));
    const candles = chart.addSeries(CandlestickSeries, candleSeriesOptions(theme, priceDecimals));
    candles.priceScale().applyOptions({ scaleMargins: { top: 0.12, bottom: 0.08 } });
    series.current = candles;
    setReady((n) => n + 1);
    const paint = () => {
      const list = feed.candles.store.getState().candles;
      setHasCandles(list.length > 0);
      candles.setData(list.map(toBar));
    };
    paint();
    const unsubscribe = feed.candles.store.subscribe(paint);
    return () => {
      unsubscribe();
      series.current = null;
      chart.remove();
    };
  }, [feed, theme, locale, priceDecimals]);

  // The position's lines follow it without re-creating the chart.
  const entry = position?.entryPrice ?? null;
  const liquidation = position?.liquidationPrice ?? null;
  useEffect(() => {
    const candles = series.current;
    if (!candles) return;
    const lines: IPriceLine[] = [];
    const add = (price: string | null, color: string, title: string) => {
      if (price === null) return;
      lines.push(
        candles.createPriceLine({
          price: Number(price),
          color,
          lineWidth: 1,
          lineStyle: LineStyle.Dashed,
          axisLabelVisible: true,
          title,
        }),
      );
    };
    add(entry, ENTRY_COLOR, t('chart.entry'));
    add(liquidation, LIQUIDATION_COLOR, t('chart.liquidation'));
    return () => lines.forEach((line) => candles.removePriceLine(line));
  }, [entry, liquidation, ready, t]);

  return (
    <section className={`${styles.box} ${styles.boxFill}`} aria-label={t('chart.title')}>
      <div className={styles.boxHead}>
        <span>{t('chart.title')}</span>
        <Segmented<KlineInterval>
          size="small"
          aria-label={t('chart.interval')}
          value={interval}
          onChange={onInterval}
          options={INTERVALS.map((value) => ({ value, label: value }))}
        />
      </div>
      {position ? (
        <div className={styles.chartLegend}>
          <span className={styles.lineEntry}>— {t('chart.entry')}</span>
          {liquidation ? <span className={styles.lineLiq}>— {t('chart.liquidation')}</span> : null}
        </div>
      ) : null}
      <div className={styles.chartCanvas} data-testid="perp-chart">
        <div ref={container} style={{ position: 'absolute', inset: 0 }} />
        {hasCandles ? null : (
          <Empty
            style={{ position: 'absolute', inset: 0, margin: 'auto', height: 'fit-content' }}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('chart.empty')}
          />
        )}
      </div>
    </section>
  );
}
