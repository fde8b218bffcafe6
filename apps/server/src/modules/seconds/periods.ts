import type { Period } from '@meridian/contract';
import { parseUnits } from '@meridian/core';
import { AppError } from '../../kernel/errors.ts';
import type { SecondPeriodsTable, SecondsDb } from './tables.ts';

/** Rates are published with up to 4 decimals; the engine takes them in basis points. */
export function rateBps(rate: string): number {
  return Number(parseUnits(rate, 4));
}

export interface PeriodInput {
  symbol: string;
  seconds: number;
  profitRate: string;
  lossRate: string;
  minStake: string;
  maxStake: string;
  chargeRate: string;
  enabled: boolean;
}

/** The periods table: what users are offered, what operators change. */
export function createPeriods(db: SecondsDb, coinOf: (symbol: string) => string | undefined) {
  const view = (row: SecondPeriodsTable): Period => ({
    id: row.id,
    symbol: row.symbol,
    coin: coinOf(row.symbol) ?? '',
    seconds: Number(row.seconds),
    profitRate: row.profit_rate,
    lossRate: row.loss_rate,
    minStake: row.min_stake,
    maxStake: row.max_stake,
    chargeRate: row.charge_rate,
    enabled: Number(row.enabled) === 1,
  });
  // Only markets the engine trades: a period of a delisted market is never offered.
  const listed = (rows: SecondPeriodsTable[]) =>
    rows.filter((r) => coinOf(r.symbol) !== undefined).map(view);

  return {
    /** The enabled periods, of one market or all, shortest first. */
    async offered(symbol?: string): Promise<Period[]> {
      let q = db.selectFrom('second_periods').selectAll().where('enabled', '=', 1);
      if (symbol) q = q.where('symbol', '=', symbol);
      return listed(await q.orderBy('symbol').orderBy('seconds').execute());
    },

    async all(): Promise<Period[]> {
      return listed(
        await db
          .selectFrom('second_periods')
          .selectAll()
          .orderBy('symbol')
          .orderBy('seconds')
          .execute(),
      );
    },

    /** An enabled period of the market, or undefined. */
    async find(symbol: string, id: string): Promise<Period | undefined> {
      const row = await db
        .selectFrom('second_periods')
        .selectAll()
        .where('id', '=', id)
        .where('symbol', '=', symbol)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      return row && coinOf(row.symbol) !== undefined ? view(row) : undefined;
    },

    /**
     * Creates or changes a market's period, with its audit row in the same transaction.
     * Open contracts keep the terms they were opened with (they travel in the command).
     */
    async save(
      input: PeriodInput,
      now: number,
      audit: (trx: SecondsDb, before: Period | null, after: Period) => Promise<void>,
    ): Promise<Period> {
      if (coinOf(input.symbol) === undefined)
        throw new AppError('validation', 'unknownMarket', {}, 'symbol');
      const min = BigInt(input.minStake);
      if (min < 1n || min > BigInt(input.maxStake)) {
        throw new AppError('validation', 'secondsStakeRange', {}, 'minStake');
      }
      if (rateBps(input.lossRate) > 10_000) {
        throw new AppError('validation', 'secondsLossRateTooHigh', {}, 'lossRate');
      }
      const row: SecondPeriodsTable = {
        id: `${input.symbol}-${input.seconds}`,
        symbol: input.symbol,
        seconds: input.seconds,
        profit_rate: input.profitRate,
        loss_rate: input.lossRate,
        min_stake: String(min),
        max_stake: String(BigInt(input.maxStake)),
        charge_rate: input.chargeRate,
        enabled: input.enabled ? 1 : 0,
        updated_at: now,
      };
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('second_periods')
          .selectAll()
          .where('id', '=', row.id)
          .executeTakeFirst();
        const { id: _id, symbol: _symbol, seconds: _seconds, ...changes } = row;
        await trx
          .insertInto('second_periods')
          .values(row)
          .onConflict((oc) => oc.column('id').doUpdateSet(changes))
          .execute();
        const after = view(row);
        await audit(trx, before ? view(before) : null, after);
        return after;
      });
    },
  };
}

export type Periods = ReturnType<typeof createPeriods>;
