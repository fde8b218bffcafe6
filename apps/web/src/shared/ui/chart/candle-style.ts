/*
 * TradingView Lightweight Charts™
 * Copyright (c) 2025 TradingView, Inc. https://www.tradingview.com/
 * (the attribution its Apache-2.0 licence asks for; every chart shows TradingView's logo)
 */
import {
  ColorType,
  type CandlestickData,
  type CandlestickSeriesPartialOptions,
  type DeepPartial,
  type TimeChartOptions,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { CandleData } from '@meridian/contract/calls/market';
import { displayPrice } from '@meridian/core';
import type { Theme } from '../../settings/store.ts';

/** The candle charts' colours per theme: green and red for direction only. */
export const CHART_COLORS = {
  daytime: { text: '#4b5563', grid: '#eef1f5', up: '#0f9d63', down: '#d9363e' },
  night: { text: '#9aa4b2', grid: '#1f252e', up: '#2ebd85', down: '#f6465d' },
} as const;

// A minimum width wide enough for a market's prices: a price with one digit more never
// pushes the plot sideways while it ticks.
const PRICE_SCALE_PX = 72;
// Room right of the last candle, so the newest time label is never cut by the scale.
const RIGHT_OFFSET_BARS = 6;

/** What every candle chart of the app shares: theme, scales, and prices as written elsewhere. */
export function candleChartOptions(
  theme: Theme,
  priceDecimals: number,
  locale: string,
): DeepPartial<TimeChartOptions> {
  const colors = CHART_COLORS[theme];
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: colors.text,
      fontSize: 11,
      attributionLogo: true,
    },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
    rightPriceScale: { borderVisible: false, minimumWidth: PRICE_SCALE_PX },
    timeScale: { borderVisible: false, timeVisible: true, rightOffset: RIGHT_OFFSET_BARS },
    localization: {
      // The scale's prices with the separators of the user's locale.
      priceFormatter: (price: number) =>
        displayPrice(price.toFixed(priceDecimals), { locale, decimals: priceDecimals }),
    },
  };
}

/** Candles in the theme's up and down colours, priced to the market's tick. */
export function candleSeriesOptions(
  theme: Theme,
  priceDecimals: number,
): CandlestickSeriesPartialOptions {
  const colors = CHART_COLORS[theme];
  return {
    upColor: colors.up,
    downColor: colors.down,
    wickUpColor: colors.up,
    wickDownColor: colors.down,
    borderVisible: false,
    priceFormat: {
      type: 'price',
      precision: priceDecimals,
      minMove: Number(`1e-${priceDecimals}`),
    },
  };
}

// The chart library draws with numbers; these conversions feed pixels only. Nothing here
// is compared, summed or stored: the decimal strings stay the source of truth.
export const toChartTime = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

export function toBar(candle: CandleData): CandlestickData<UTCTimestamp> {
  return {
    time: toChartTime(candle.time),
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
  };
}
