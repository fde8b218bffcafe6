import {
  candleOpenTime,
  formatUnits,
  parseUnits,
  type Candle,
  type KlineInterval,
} from '@meridian/core';
import type { CandleData } from '@meridian/contract';
import type { MarketsDb, MarketsTables } from './tables.ts';
import type { ListedMarket } from './catalogue.ts';

/**
 * Folds a finished shorter candle into the longer one it belongs to (how the longer
 * intervals are derived from 1m candles without going back to the trades).
 */
export function mergeCandle(
  interval: KlineInterval,
  current: Candle | undefined,
  part: Candle,
): Candle {
  const openTime = candleOpenTime(interval, part.openTime);
  if (!current || current.openTime !== openTime) return { ...part, openTime };
  return {
    openTime,
    open: current.open,
    high: part.high > current.high ? part.high : current.high,
    low: part.low < current.low ? part.low : current.low,
    close: part.close,
    volume: current.volume + part.volume,
    amount: current.amount + part.amount,
    trades: current.trades + part.trades,
  };
}

export function candleData(market: ListedMarket, c: Candle): CandleData {
  const q = market.spec.quote.decimals;
  return {
    time: c.openTime,
    open: formatUnits(c.open, q),
    high: formatUnits(c.high, q),
    low: formatUnits(c.low, q),
    close: formatUnits(c.close, q),
    volume: formatUnits(c.volume, market.spec.base.decimals),
    amount: formatUnits(c.amount, q),
  };
}

type Row = MarketsTables['market_candles'];

function toRow(market: ListedMarket, interval: KlineInterval, c: Candle) {
  const data = candleData(market, c);
  return {
    symbol: market.symbol,
    interval,
    open_time: c.openTime,
    open: data.open,
    high: data.high,
    low: data.low,
    close: data.close,
    volume: data.volume,
    amount: data.amount,
    trades: c.trades,
  };
}

function fromRow(market: ListedMarket, row: { [K in keyof Row]: unknown }): Candle {
  const q = market.spec.quote.decimals;
  return {
    openTime: Number(row.open_time),
    open: parseUnits(String(row.open), q),
    high: parseUnits(String(row.high), q),
    low: parseUnits(String(row.low), q),
    close: parseUnits(String(row.close), q),
    volume: parseUnits(String(row.volume), market.spec.base.decimals),
    amount: parseUnits(String(row.amount), q),
    trades: Number(row.trades),
  };
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 2000;

/** The candle table: upserts of changed candles, and reads for charts and start-up. */
export function createCandleStore(db: MarketsDb) {
  return {
    async upsert(
      items: Array<{ market: ListedMarket; interval: KlineInterval; candle: Candle }>,
    ): Promise<void> {
      if (items.length === 0) return;
      const rows = items.map((i) => toRow(i.market, i.interval, i.candle));
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += CHUNK) {
          await trx
            .insertInto('market_candles')
            .values(rows.slice(i, i + CHUNK))
            .onConflict((oc) =>
              oc.columns(['symbol', 'interval', 'open_time']).doUpdateSet((eb) => ({
                high: eb.ref('excluded.high'),
                low: eb.ref('excluded.low'),
                close: eb.ref('excluded.close'),
                volume: eb.ref('excluded.volume'),
                amount: eb.ref('excluded.amount'),
                trades: eb.ref('excluded.trades'),
              })),
            )
            .execute();
        }
      });
    },

    /** Newest `limit` candles opening before `before` (if given), oldest first. */
    async list(
      market: ListedMarket,
      interval: KlineInterval,
      limit: number,
      before?: number,
    ): Promise<Candle[]> {
      let query = db
        .selectFrom('market_candles')
        .selectAll()
        .where('symbol', '=', market.symbol)
        .where('interval', '=', interval);
      if (before !== undefined) query = query.where('open_time', '<', before);
      const rows = await query.orderBy('open_time', 'desc').limit(limit).execute();
      return rows.reverse().map((r) => fromRow(market, r));
    },

    async since(market: ListedMarket, interval: KlineInterval, from: number): Promise<Candle[]> {
      const rows = await db
        .selectFrom('market_candles')
        .selectAll()
        .where('symbol', '=', market.symbol)
        .where('interval', '=', interval)
        .where('open_time', '>=', from)
        .orderBy('open_time', 'asc')
        .execute();
      return rows.map((r) => fromRow(market, r));
    },

    async isEmpty(): Promise<boolean> {
      const row = await db
        .selectFrom('market_candles')
        .select('symbol')
        .limit(1)
        .executeTakeFirst();
      return row === undefined;
    },
  };
}

export type CandleStore = ReturnType<typeof createCandleStore>;
