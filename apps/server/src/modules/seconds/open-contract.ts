import type { SecondContract } from '@meridian/contract';
import type { MessageId } from '@meridian/contract';
import { chargeAmount, type RejectReason, type RequestRejection } from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';
import { AppError } from '../../kernel/errors.ts';
import { rateBps, type Periods } from './periods.ts';
import { openView } from './views.ts';

export interface OpenInput {
  symbol: string;
  periodId: string;
  direction: 'up' | 'down';
  amount: string;
}

const REFUSAL: Partial<Record<RejectReason | RequestRejection, [MessageId, string]>> = {
  insufficient_balance: ['insufficientBalance', 'amount'],
  pool_insufficient: ['secondsPoolInsufficient', 'amount'],
  no_index: ['secondsNoIndex', 'symbol'],
  market_paused: ['marketPaused', 'symbol'],
  unknown_market: ['unknownMarket', 'symbol'],
};

/**
 * Opens a contract on a published period: the stake is whole coins within the period's
 * limits, the charge follows from its rate, and the period's rates travel in the engine
 * command, so the contract keeps the terms shown to the user whatever operators change.
 */
export async function openContract(
  deps: { engine: EngineFront; periods: Periods },
  user: string,
  input: OpenInput,
  clientRef: string | undefined,
): Promise<SecondContract> {
  const { engine, periods } = deps;
  const period = await periods.find(input.symbol, input.periodId);
  if (!period) throw new AppError('validation', 'secondsPeriodUnknown', {}, 'periodId');
  if (!/^\d+$/.test(input.amount)) {
    throw new AppError('validation', 'secondsStakeInteger', {}, 'amount');
  }
  const whole = BigInt(input.amount);
  const coin = period.coin;
  if (whole < BigInt(period.minStake)) {
    throw new AppError(
      'validation',
      'secondsStakeBelowMin',
      { min: period.minStake, coin },
      'amount',
    );
  }
  if (whole > BigInt(period.maxStake)) {
    throw new AppError(
      'validation',
      'secondsStakeAboveMax',
      { max: period.maxStake, coin },
      'amount',
    );
  }
  const asset = engine.asset(coin);
  if (!asset) throw new AppError('validation', 'unknownMarket', {}, 'symbol');
  const stake = whole * 10n ** BigInt(asset.decimals);
  const ack = await engine.submit({
    type: 'seconds-open',
    user,
    market: input.symbol,
    direction: input.direction,
    stake,
    charge: chargeAmount(stake, rateBps(period.chargeRate)),
    profitBps: rateBps(period.profitRate),
    lossBps: rateBps(period.lossRate),
    period: period.seconds,
    ...(clientRef ? { clientRef } : {}),
  });
  const event = ack.events[0];
  if (event?.type === 'seconds_opened') {
    return openView(event.contract, asset.decimals, engine.indexTick(input.symbol)?.price);
  }
  const reason = event?.type === 'rejected' ? event.reason : 'invalid_order';
  const [message, field] = REFUSAL[reason] ?? ['invalidNumber', 'amount'];
  throw new AppError('validation', message, { field }, field);
}
