/** Candle intervals of the quote pages and charts, shortest first. */
export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

const MINUTE = 60_000;
const FIXED: Partial<Record<KlineInterval, number>> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': 1440 * MINUTE,
};

/**
 * Where the candle holding `timeMs` opens, in UTC: fixed intervals from the epoch, weeks
 * on Monday 00:00 and months on the first day 00:00.
 */
export function candleOpenTime(interval: KlineInterval, timeMs: number): number {
  const fixed = FIXED[interval];
  if (fixed) return Math.floor(timeMs / fixed) * fixed;
  const date = new Date(timeMs);
  if (interval === '1M') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return day - sinceMonday * 1440 * MINUTE;
}

export interface Candle {
  openTime: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  /** Base quantity traded, in minor units. */
  volume: bigint;
  /** Quote amount traded (price × quantity), in minor units of the quote. */
  amount: bigint;
  trades: number;
}

export interface TradeTick {
  timeMs: number;
  price: bigint;
  quantity: bigint;
  amount: bigint;
}

/**
 * Folds one trade into the candle it belongs to: the same candle when the trade falls in
 * it, otherwise a new one. Trades must come in time order.
 */
export function foldTrade(
  interval: KlineInterval,
  current: Candle | undefined,
  trade: TradeTick,
): Candle {
  const openTime = candleOpenTime(interval, trade.timeMs);
  if (!current || current.openTime !== openTime) {
    return {
      openTime,
      open: trade.price,
      high: trade.price,
      low: trade.price,
      close: trade.price,
      volume: trade.quantity,
      amount: trade.amount,
      trades: 1,
    };
  }
  return {
    openTime,
    open: current.open,
    high: trade.price > current.high ? trade.price : current.high,
    low: trade.price < current.low ? trade.price : current.low,
    close: trade.price,
    volume: current.volume + trade.quantity,
    amount: current.amount + trade.amount,
    trades: current.trades + 1,
  };
}
