/*
 * TradingView Lightweight Charts™
 * Copyright (c) 2025 TradingView, Inc. https://www.tradingview.com/
 * (the attribution notice its Apache-2.0 licence asks for; the page links to TradingView
 * through the chart's attribution logo, which the chart's CSS moves to the top-left corner,
 * above the highest candle, so it never covers a bar)
 */
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type CandlestickData,
  type HistogramData,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { CandleData } from '@meridian/contract/calls/market';
import { compareDecimal, displayPrice } from '@meridian/core';
import type { CandlesState } from '../../data/candles.ts';
import { useMarketLayer } from '../../data/hooks.ts';
import type { MarketFeed } from '../../data/feed.ts';
import type { Theme } from '../../../../shared/settings/store.ts';

const COLORS = {
  daytime: { text: '#4b5563', grid: '#eef1f5', up: '#0f9d63', down: '#d9363e' },
  night: { text: '#9aa4b2', grid: '#1f252e', up: '#2ebd85', down: '#f6465d' },
} as const;

/** Volume bars fill the bottom fifth of the chart, on a scale of their own. */
export const VOLUME_SCALE = { scaleMargins: { top: 0.8, bottom: 0 } } as const;
/** Candles above the volume, with a tenth at the top kept clear for the attribution logo. */
export const CANDLE_SCALE = { scaleMargins: { top: 0.1, bottom: 0.22 } } as const;
const PRICE_SCALE_PX = 72;
/** The logo's top offset and height, and a little air: what the candles stay below. */
const LOGO_CLEARANCE_PX = 32;
const RIGHT_OFFSET_BARS = 6;

// The chart library draws with numbers; these conversions feed pixels only. Nothing here
// is compared, summed or stored: the decimal strings stay the source of truth.
const toTime = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

function toBar(candle: CandleData): CandlestickData<UTCTimestamp> {
  return {
    time: toTime(candle.time),
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
  };
}

function toVolume(candle: CandleData, theme: Theme): HistogramData<UTCTimestamp> {
  const up = compareDecimal(candle.close, candle.open) >= 0;
  const colors = COLORS[theme];
  return {
    time: toTime(candle.time),
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
  const colors = COLORS[theme];
  const chart = createChart(element, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: colors.text,
      fontSize: 11,
      attributionLogo: true,
    },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
    // A minimum width wide enough for the market's prices: a price with one digit more
    // never pushes the plot sideways while it ticks.
    rightPriceScale: { borderVisible: false, minimumWidth: PRICE_SCALE_PX },
    timeScale: {
      borderVisible: false,
      timeVisible: true,
      // Room right of the last candle, so the newest time label is never cut by the scale.
      rightOffset: RIGHT_OFFSET_BARS,
      tickMarkFormatter: clockIn(timezone, false),
    },
    localization: {
      timeFormatter: clockIn(timezone, true),
      // The scale's prices written as everywhere else (separators of the user's locale).
      priceFormatter: (price: number) =>
        displayPrice(price.toFixed(priceDecimals), { locale, decimals: priceDecimals }),
    },
  });
  const minMove = Number(`1e-${priceDecimals}`);
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: colors.up,
    downColor: colors.down,
    wickUpColor: colors.up,
    wickDownColor: colors.down,
    borderVisible: false,
    priceFormat: { type: 'price', precision: priceDecimals, minMove },
  });
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
      const at = toTime(shown[middle]!.time);
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
