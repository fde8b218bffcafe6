import type { MessageId } from '@meridian/contract';
import type { EngineEvent } from '@meridian/core';
import { AppError } from '../../kernel/errors.ts';

type Refusal = Extract<EngineEvent, { type: 'rejected' }>;

/** The margin engine's refusals as the calls answer them: each its own message and field. */
const MESSAGE: Partial<
  Record<
    Refusal['reason'],
    [kind: 'validation' | 'notFound' | 'conflict', MessageId, field: string | undefined]
  >
> = {
  unknown_asset: ['validation', 'unknownCoin', 'coin'],
  unknown_market: ['validation', 'marginPairClosed', 'symbol'],
  invalid_account: ['validation', 'marginNotOpen', 'coin'],
  invalid_amount: ['validation', 'invalidNumber', 'amount'],
  insufficient_balance: ['validation', 'insufficientBalance', 'amount'],
  margin_too_low: ['validation', 'marginLevelTooLow', 'amount'],
  leverage_too_high: ['validation', 'marginLeverageTooHigh', 'leverage'],
  no_position: ['notFound', 'marginNoLoan', 'coin'],
  duplicate_reference: ['conflict', 'conflict', undefined],
};

/**
 * The first refusal among `events` as an AppError; `overrides` gives a reason its own
 * message in one call (a borrow's `insufficient_balance` means "more than you may borrow").
 */
export function refusalOf(
  events: readonly EngineEvent[],
  values: Record<string, string> = {},
  overrides: Partial<Record<Refusal['reason'], MessageId>> = {},
) {
  const refused = events.find((e): e is Refusal => e.type === 'rejected');
  if (!refused) return undefined;
  const [kind, message, defaultField] = MESSAGE[refused.reason] ?? [
    'validation',
    'validation',
    undefined,
  ];
  const field = defaultField ?? refused.field;
  return new AppError(
    kind,
    overrides[refused.reason] ?? message,
    { ...values, ...(field ? { field } : {}) },
    field,
  );
}

export function throwIfRefused(
  events: readonly EngineEvent[],
  values: Record<string, string> = {},
  overrides: Partial<Record<Refusal['reason'], MessageId>> = {},
) {
  const error = refusalOf(events, values, overrides);
  if (error) throw error;
}
