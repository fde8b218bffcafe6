import { candleOpenTime, KLINE_INTERVALS, seededRandom, type Candle } from '@meridian/core';
import type { KlineInterval } from '@meridian/core';
import type { ListedMarket } from './catalogue.ts';
import { mergeCandle } from './candles.ts';
import { marketSimulator, referencePrice } from './index-feed/simulated.ts';
import { deriveSeed } from './index-feed/seed.ts';

const MINUTE = 60_000;
const LONGER = KLINE_INTERVALS.filter((i) => i !== '1m');
/** Index steps per simulated minute: enough for a believable high and low. */
const STEPS_PER_MINUTE = 4;
/**
 * 1m candles are kept for the last day only (a 1m chart shows at most 1000 of them, and the
 * 24-hour statistics need one day); the longer intervals cover the whole history. This
 * halves what the first start writes.
 */
const MINUTE_CANDLES_MS = 1440 * MINUTE;

export interface HistoryCandle {
  market: ListedMarket;
  interval: KlineInterval;
  candle: Candle;
}

export interface HistoryOptions {
  markets: ListedMarket[];
  deploymentId: string;
  now: number;
  days: number;
  /** What the simulated flow trades per minute, on average, in quote minor units. */
  minuteAmount: bigint;
}

/**
 * SIMULATED MARKET ONLY. On a new deployment's first start, fast-forwards a few days of
 * the simulated market so charts are never empty: the seeded index path, sampled every
 * 15 s, gives each minute's open, high, low and close; its volume is what the simulated
 * flow would have traded. 1m candles are made directly and the longer intervals are
 * folded from them. Returns the candles (the last of each interval still open) and where
 * each market's index stands now, for the live feed to continue from.
 */
export function simulateHistory(options: HistoryOptions): {
  candles: HistoryCandle[];
  finals: Map<string, bigint>;
} {
  const end = candleOpenTime('1m', options.now);
  const start = end - options.days * 1440 * MINUTE;
  const items: HistoryCandle[] = [];
  const finals = new Map<string, bigint>();
  for (const market of options.markets) {
    const sim = marketSimulator(
      market,
      options.deploymentId,
      referencePrice(market),
      60 / STEPS_PER_MINUTE,
      'history',
    );
    const random = seededRandom(deriveSeed(options.deploymentId, market.symbol, 'history-volume'));
    const scale = 10n ** BigInt(market.spec.base.decimals);
    const tick = market.spec.tickSize;
    const onTick = (p: bigint) => (p / tick > 0n ? (p / tick) * tick : tick);
    const longer = new Map<KlineInterval, Candle>();
    for (let t = start; t < end; t += MINUTE) {
      let high = sim.price;
      let low = sim.price;
      const first = sim.price;
      for (let s = 0; s < STEPS_PER_MINUTE; s++) {
        const p = sim.next();
        if (p > high) high = p;
        if (p < low) low = p;
      }
      // Candles show prices a trade could have had: on the market's tick.
      const open = onTick(first);
      const close = onTick(sim.price);
      high = onTick(high);
      low = onTick(low);
      // A busier or quieter minute: between 0.2 and 1.8 times the average.
      const amount = (options.minuteAmount * BigInt(200 + Math.floor(random() * 1600))) / 1000n;
      const lots = (amount * scale) / close / market.spec.lotSize;
      const volume = (lots > 0n ? lots : 1n) * market.spec.lotSize;
      const minute: Candle = {
        openTime: t,
        open,
        high,
        low,
        close,
        volume,
        amount: (volume * close) / scale,
        trades: 1 + Math.floor(random() * 30),
      };
      if (t >= end - MINUTE_CANDLES_MS) items.push({ market, interval: '1m', candle: minute });
      for (const interval of LONGER) {
        const current = longer.get(interval);
        if (current && current.openTime === candleOpenTime(interval, t)) {
          // Folded in place: a few days of minutes would otherwise allocate ~400k candles.
          if (minute.high > current.high) current.high = minute.high;
          if (minute.low < current.low) current.low = minute.low;
          current.close = close;
          current.volume += minute.volume;
          current.amount += minute.amount;
          current.trades += minute.trades;
        } else {
          if (current) items.push({ market, interval, candle: current });
          longer.set(interval, mergeCandle(interval, undefined, minute));
        }
      }
    }
    for (const [interval, candle] of longer) items.push({ market, interval, candle });
    finals.set(market.symbol, sim.price);
  }
  return { candles: items, finals };
}
