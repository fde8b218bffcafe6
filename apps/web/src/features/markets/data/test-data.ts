import type { CandleData, PriceInfo } from '@meridian/contract/calls/market';

/** Price info of a market as the server sends it, with only what a test cares about set. */
export function priceInfo(symbol: string, close: string, time = 1, percent = '0.00'): PriceInfo {
  return {
    symbol,
    close,
    open: close,
    openPrice: close,
    low: close,
    high: close,
    volume: '10',
    volume24: '10',
    high24: close,
    low24: close,
    change: '0',
    priceChangePercent: percent,
    indexPrice: null,
    time,
  };
}

export function candle(time: number, close: string): CandleData {
  return { time, open: close, high: close, low: close, close, volume: '1', amount: close };
}
