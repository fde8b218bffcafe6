import type { MessageId } from '@meridian/contract';
import type { EngineEvent } from '@meridian/core';
import { AppError } from '../../kernel/errors.ts';

type Refusal = Extract<EngineEvent, { type: 'rejected' }>;

/** The perpetual engine's refusals as the calls answer them: each its own message. */
const MESSAGE: Partial<
  Record<Refusal['reason'], [kind: 'validation' | 'notFound' | 'conflict', MessageId]>
> = {
  unknown_market: ['validation', 'unknownMarket'],
  market_paused: ['validation', 'marketPaused'],
  no_index: ['validation', 'perpNoMarket'],
  invalid_quantity: ['validation', 'invalidOrder'],
  invalid_price: ['validation', 'invalidOrder'],
  invalid_order: ['validation', 'invalidOrder'],
  invalid_amount: ['validation', 'invalidNumber'],
  insufficient_balance: ['validation', 'insufficientBalance'],
  would_take: ['validation', 'wouldTake'],
  fok_unfillable: ['validation', 'fokUnfillable'],
  order_not_open: ['validation', 'orderNotOpen'],
  not_owner: ['notFound', 'orderNotFound'],
  reduce_only_increase: ['validation', 'perpReduceOnly'],
  leverage_too_high: ['validation', 'perpLeverageTooHigh'],
  position_open: ['conflict', 'perpPositionOpen'],
  no_position: ['notFound', 'perpNoPosition'],
  margin_too_low: ['validation', 'perpMarginTooLow'],
  duplicate_reference: ['conflict', 'conflict'],
};

const FIELD: Partial<Record<Refusal['reason'], string>> = {
  invalid_quantity: 'contracts',
  invalid_price: 'price',
  insufficient_balance: 'contracts',
  leverage_too_high: 'leverage',
  reduce_only_increase: 'reduceOnly',
  margin_too_low: 'money',
};

export function refusalOf(events: readonly EngineEvent[], values: Record<string, string> = {}) {
  const refused = events.find((e): e is Refusal => e.type === 'rejected');
  if (!refused) return undefined;
  const [kind, message] = MESSAGE[refused.reason] ?? ['validation', 'invalidOrder'];
  const field = refused.field ?? FIELD[refused.reason];
  const messageId: MessageId =
    refused.reason === 'invalid_price' && (field === 'takeProfitPrice' || field === 'stopLossPrice')
      ? 'perpTriggerPrice'
      : message;
  return new AppError(kind, messageId, { ...values, ...(field ? { field } : {}) }, field);
}

export function throwIfRefused(
  events: readonly EngineEvent[],
  values: Record<string, string> = {},
) {
  const error = refusalOf(events, values);
  if (error) throw error;
}
