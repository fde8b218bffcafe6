import type { OpsMarginSettings } from '@meridian/contract';
import {
  formatRate,
  formatUnits,
  hourlyOfDaily,
  MARGIN_LENDING,
  MAX_SAVINGS_SHARE,
  parseRate,
  systemAccount,
} from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';
import { AppError } from '../../kernel/errors.ts';
import { throwIfRefused } from './rejections.ts';
import type { MarginService } from './service.ts';

/**
 * What operators tune in spot margin, each change one journalled engine step: a coin's
 * pool (its daily rate, charged hourly from the next hour, and the share of savings it
 * may lend), a pair's maximum isolated leverage, and operator capital into a pool.
 */
export function createMarginOps(deps: {
  engine: EngineFront;
  funds: MarginService['funds'];
  pairs: MarginService['pairs'];
}) {
  const { engine, funds, pairs } = deps;
  const margin = () => engine.marginState;

  const coinOf = (coin: string) => {
    const asset = engine.asset(coin.toUpperCase());
    if (!asset) throw new AppError('validation', 'unknownCoin', { field: 'coin' }, 'coin');
    return asset;
  };

  const settings = (): OpsMarginSettings => ({
    pools: funds().map((pool) => ({
      ...pool,
      capital: formatUnits(
        engine.accountBalance(systemAccount(MARGIN_LENDING, pool.coin)),
        engine.asset(pool.coin)?.decimals ?? 8,
      ),
    })),
    pairs: pairs(),
    maxSavingsShare: formatRate(MAX_SAVINGS_SHARE),
  });

  return {
    settings,

    async setPool(body: { coin: string; dailyRate: string; savingsShare: string }) {
      const asset = coinOf(body.coin);
      const daily = parseRate(body.dailyRate);
      if (daily === null) {
        throw new AppError('validation', 'invalidNumber', { field: 'dailyRate' }, 'dailyRate');
      }
      const share = parseRate(body.savingsShare);
      if (share === null || share > MAX_SAVINGS_SHARE) {
        throw new AppError(
          'validation',
          'marginSavingsShareTooHigh',
          { field: 'savingsShare', max: formatRate(MAX_SAVINGS_SHARE) },
          'savingsShare',
        );
      }
      const ack = await engine.margin({
        op: 'pool',
        asset: asset.code,
        hourlyRate: hourlyOfDaily(daily),
        savingsShare: share,
      });
      throwIfRefused(ack.events, {}, { invalid_amount: 'invalidNumber' });
      return settings();
    },

    async setPair(body: { symbol: string; maxLeverage: number }) {
      if (!engine.marketSpec(body.symbol)) {
        throw new AppError('validation', 'unknownMarket', { field: 'symbol' }, 'symbol');
      }
      const ack = await engine.margin({
        op: 'pair',
        market: body.symbol,
        maxLeverage: body.maxLeverage,
      });
      throwIfRefused(ack.events);
      return settings();
    },

    /** Operator capital into the pool, once per reference. */
    async fund(body: { coin: string; amount: string; reference: string }) {
      const asset = coinOf(body.coin);
      if (!margin().pools.has(asset.code)) {
        throw new AppError('validation', 'marginNotOpen', { field: 'coin' }, 'coin');
      }
      const ack = await engine.adjust(
        systemAccount('operator_capital', asset.code),
        systemAccount(MARGIN_LENDING, asset.code),
        asset.code,
        body.amount,
        `margin-fund:${asset.code}:${body.reference}`,
      );
      const event = ack.events[0];
      if (event?.type === 'adjusted') return settings();
      const reason = event?.type === 'rejected' ? event.reason : 'invalid_amount';
      if (reason === 'duplicate_reference') {
        throw new AppError('conflict', 'conflict', { field: 'reference' }, 'reference');
      }
      throw new AppError('validation', 'invalidNumber', { field: 'amount' }, 'amount');
    },
  };
}

export type MarginOps = ReturnType<typeof createMarginOps>;
