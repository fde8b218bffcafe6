import type { MessageId } from '@meridian/contract';
import type { RejectReason, RequestRejection } from '@meridian/core';
import { AppError } from '../../kernel/errors.ts';

/** The engine's field names as the spot calls name them. */
const FIELD_NAMES: Record<string, string> = {
  market: 'symbol',
  stopPrice: 'triggerPrice',
  orderId: 'id',
  wallet: 'margin',
};

const MESSAGE: Record<RejectReason | RequestRejection, MessageId> = {
  unknown_market: 'unknownMarket',
  unknown_asset: 'unknownCoin',
  invalid_order: 'invalidOrder',
  invalid_price: 'invalidOrder',
  invalid_quantity: 'invalidOrder',
  invalid_amount: 'invalidNumber',
  below_min_notional: 'belowMinNotional',
  insufficient_balance: 'insufficientBalance',
  no_liquidity: 'noLiquidity',
  would_take: 'wouldTake',
  fok_unfillable: 'fokUnfillable',
  order_not_open: 'orderNotOpen',
  not_owner: 'orderNotFound',
  duplicate_client_order_id: 'clientOrderIdTaken',
  duplicate_deposit: 'conflict',
  duplicate_reference: 'conflict',
  invalid_account: 'invalidOrder',
  already_listed: 'conflict',
  invalid_listing: 'invalidOrder',
  market_paused: 'marketPaused',
  pool_insufficient: 'secondsPoolInsufficient',
  no_index: 'secondsNoIndex',
  unknown_position: 'orderNotFound',
  not_due: 'invalidOrder',
  coins_unsold: 'invalidOrder',
  savings_lent: 'earnSavingsLent',
  invalid_number: 'invalidNumber',
  too_many_decimals: 'tooManyDecimals',
  negative: 'negativeAmount',
  too_large: 'amountTooLarge',
  zero: 'zeroAmount',
  off_tick: 'offTick',
  off_lot: 'offLot',
  reduce_only_increase: 'perpReduceOnly',
  leverage_too_high: 'perpLeverageTooHigh',
  position_open: 'perpPositionOpen',
  no_position: 'perpNoPosition',
  margin_too_low: 'perpMarginTooLow',
};

/**
 * Turns an engine refusal into the 400 the caller sees, translated and naming the field
 * at fault. `fallbackField` names it when the engine's refusal is about the order as a
 * whole (the coin that is short for `insufficient_balance`, say).
 */
export function rejectionError(
  reason: RejectReason | RequestRejection,
  field: string | undefined,
  fallbackField: string,
): AppError {
  // Another user's order is answered exactly like a missing one.
  if (reason === 'not_owner') return new AppError('notFound', 'orderNotFound');
  if (reason === 'duplicate_client_order_id') {
    return new AppError(
      'conflict',
      'clientOrderIdTaken',
      { field: 'clientOrderId' },
      'clientOrderId',
    );
  }
  const refused = rejectionReason(reason, field, fallbackField);
  return new AppError('validation', refused.reason, { field: refused.field }, refused.field);
}

/** An engine refusal as its stable message id and the field at fault, for answers that list several. */
export function rejectionReason(
  reason: RejectReason | RequestRejection,
  field: string | undefined,
  fallbackField: string,
): { reason: MessageId; field: string } {
  return { reason: MESSAGE[reason], field: field ? (FIELD_NAMES[field] ?? field) : fallbackField };
}
