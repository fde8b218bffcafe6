/*
 * TradingView Lightweight Charts™
 * Copyright (c) 2025 TradingView, Inc. https://www.tradingview.com/
 * (the attribution notice its Apache-2.0 licence asks for; the page links to TradingView
 * through the chart's attribution logo, which the chart's CSS moves to the top-left corner,
 * above the highest candle, so it never covers a bar)
 */
import {
  CandlestickSeries,
  createChart,
  HistogramSeries,
  type HistogramData,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { CandleData } from '@meridian/contract/calls/market';
import { compareDecimal } from '@meridian/core';
import type { CandlesState } from '../../data/candles.ts';
import { useMarketLayer } from '../../data/hooks.ts';
import type { MarketFeed } from '../../data/feed.ts';
import type { Theme } from '../../../../shared/settings/store.ts';
import {
  CHART_COLORS,
  candleChartOptions,
  candleSeriesOptions,
  toBar,
  toChartTime,
} from '../../../../shared/ui/chart/candle-style.ts';

/** Volume bars fill the bottom fifth of the chart, on a scale of their own. */
export const VOLUME_SCALE = { scaleMargins: { top: 0.8, bottom: 0 } } as const;
/** Candles above the volume, with a tenth at the top kept clear for the attribution logo. */
export const CANDLE_SCALE = { scaleMargins: { top: 0.1, bottom: 0.22 } } as const;
/** The logo's top offset and height, and a little air: what the candles stay below. */
const LOGO_CLEARANCE_PX = 32;

function toVolume(candle: CandleData, theme: Theme): HistogramData<UTCTimestamp> {
  const up = compareDecimal(candle.close, candle.open) >= 0;
  const colors = CHART_COLORS[theme];
  return {
    time: toChartTime(candle.time),
    value: Number(candle.volume),
    color: `${up ? colors.up : colors.down}66`,
  };
}

function clockIn(timezone: string, withDate: boolean) {
  const format = new Intl.DateTimeFormat('en-GB', {
    ...(withDate ? { month: '2-digit', day: '2-digit' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: timezone,
  });
  return (time: number) => format.format(time * 1000);
}

/**
 * A candlestick chart with volume, fed straight from the candles store: a snapshot sets
 * the whole series, a tick updates the open candle in place, and React never renders on
 * a tick. Returns whether there is anything to show yet.
 */
export function useCandleChart(
  container: RefObject<HTMLDivElement | null>,
  options: {
    theme: Theme;
    timezone: string;
    priceDecimals: number;
    locale: string;
    /** Where the hovered candle's open, high, low, close and volume are written (the last
     * candle's when nothing is hovered), and how; written directly, never re-rendered. */
    legend?: { element: RefObject<HTMLDivElement | null>; text: (candle: CandleData) => string };
  },
): { hasCandles: boolean } {
  const { feed } = useMarketLayer();
  const [hasCandles, setHasCandles] = useState(
    () => feed.candles.store.getState().candles.length > 0,
  );
  const { theme, timezone, priceDecimals, locale } = options;
  // The legend's wording follows the language without re-creating the chart.
  const legendText = useRef(options.legend?.text);
  useEffect(() => {
    legendText.current = options.legend?.text;
  });
  const legendElement = options.legend?.element;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    // Built in a task of its own once the page's render has been committed: the chart's
    // set-up (some 40 ms on a phone's CPU, before its first draw) then never lengthens the
    // task that mounts the page, which a tap waits behind.
    let remove: (() => void) | null = null;
    const timer = setTimeout(() => {
      remove = drawChart(element, feed, {
        theme,
        timezone,
        priceDecimals,
        locale,
        legend: legendElement,
        legendText,
        onCandles: setHasCandles,
      });
    }, 0);
    return () => {
      clearTimeout(timer);
      remove?.();
    };
  }, [container, feed, theme, timezone, priceDecimals, locale, legendElement]);

  return { hasCandles };
}

/** Creates the chart in `element`, painted from the candles store; returns its removal. */
function drawChart(
  element: HTMLDivElement,
  feed: MarketFeed,
  options: {
    theme: Theme;
    timezone: string;
    priceDecimals: number;
    locale: string;
    legend: RefObject<HTMLDivElement | null> | undefined;
    legendText: RefObject<((candle: CandleData) => string) | undefined>;
    onCandles: (has: boolean) => void;
  },
): () => void {
  const { theme, timezone, priceDecimals, locale, legend: legendElement, legendText } = options;
  const base = candleChartOptions(theme, priceDecimals, locale);
  const chart = createChart(element, {
    ...base,
    timeScale: { ...base.timeScale, tickMarkFormatter: clockIn(timezone, false) },
    localization: { ...base.localization, timeFormatter: clockIn(timezone, true) },
  });
  const candles = chart.addSeries(CandlestickSeries, candleSeriesOptions(theme, priceDecimals));
  // Volume on its own scale in the bottom fifth; the candles keep the rest, with room
  // at the top for the attribution logo.
  const volume = chart.addSeries(HistogramSeries, {
    priceScaleId: 'volume',
    priceFormat: { type: 'volume' },
    lastValueVisible: false,
    priceLineVisible: false,
  });
  volume.priceScale().applyOptions(VOLUME_SCALE);
  candles.priceScale().applyOptions(CANDLE_SCALE);
  // A short chart (a phone's) needs a larger share at the top to keep the logo's 19 px
  // clear of the candles.
  const clearTop = () => {
    const top = Math.max(CANDLE_SCALE.scaleMargins.top, LOGO_CLEARANCE_PX / element.clientHeight);
    candles.priceScale().applyOptions({
      scaleMargins: { ...CANDLE_SCALE.scaleMargins, top: Math.min(top, 0.3) },
    });
  };
  const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(clearTop);
  resized?.observe(element);

  let shown: CandleData[] = [];
  let hovered: number | null = null;
  const describe = (candle: CandleData | undefined) => {
    const legend = legendElement?.current;
    const text = legendText.current;
    if (!legend || !text) return;
    legend.textContent = candle ? text(candle) : '';
    legend.dataset.direction =
      candle && compareDecimal(candle.close, candle.open) < 0 ? 'down' : 'up';
  };
  // The candle at a chart time: `shown` is oldest first, so a binary search finds it.
  const candleAt = (time: number) => {
    let low = 0;
    let high = shown.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const at = toChartTime(shown[middle]!.time);
      if (at === time) return shown[middle];
      if (at < time) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  };
  chart.subscribeCrosshairMove((param) => {
    hovered = typeof param.time === 'number' ? param.time : null;
    describe(hovered === null ? shown.at(-1) : candleAt(hovered));
  });
  const paint = (state: CandlesState) => {
    const list = state.candles;
    options.onCandles(list.length > 0);
    const tailOnly = state.change === 'tail' && shown.length > 0 && list.length >= shown.length;
    if (!tailOnly) {
      candles.setData(list.map(toBar));
      volume.setData(list.map((c) => toVolume(c, theme)));
    } else {
      // Only candles from the last one shown onwards can have changed.
      const from = Math.max(0, shown.length - 1);
      for (const candle of list.slice(from)) {
        candles.update(toBar(candle));
        volume.update(toVolume(candle, theme));
      }
    }
    shown = list;
    if (hovered === null) describe(list.at(-1));
  };
  paint(feed.candles.store.getState());
  const unsubscribe = feed.candles.store.subscribe(paint);
  return () => {
    unsubscribe();
    resized?.disconnect();
    chart.remove();
  };
}
