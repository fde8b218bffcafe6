import type { ListingRefusal } from '@meridian/core';
import { AppError } from '../../../kernel/errors.ts';

/** A listing's refusal (packages/core catalogue rules) as the 400 its caller reads. */
export function listingError(refusal: ListingRefusal): AppError {
  const field = { field: refusal.field };
  switch (refusal.problem) {
    case 'out_of_range':
      return new AppError(
        'validation',
        'catalogueRange',
        { ...field, min: refusal.min ?? 0, max: refusal.max ?? 0 },
        refusal.field,
      );
    case 'invalid_code':
      return new AppError('validation', 'catalogueCodeInvalid', field, refusal.field);
    case 'invalid_number':
      return new AppError('validation', 'catalogueNumber', field, refusal.field);
    case 'not_positive':
      return new AppError('validation', 'catalogueNotPositive', field, refusal.field);
    case 'step_decimals':
      return new AppError('validation', 'catalogueStepDecimals', field, refusal.field);
    case 'tick_lot':
      return new AppError('validation', 'catalogueTickLot', field, refusal.field);
    case 'below_tick':
      return new AppError('validation', 'catalogueBelowTick', field, refusal.field);
    case 'same_coin':
      return new AppError('validation', 'catalogueSameCoin', field, refusal.field);
  }
}
