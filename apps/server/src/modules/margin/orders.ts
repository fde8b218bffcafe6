import type { EngineFront } from '../../engine/engine-front.ts';
import { AppError } from '../../kernel/errors.ts';
import { EVERY_ISOLATED, type OrderWallet, type SpotModuleService } from '../spot/index.ts';

/** Orders per page of `marginOrders/{a}/{b}/{c}`, which has no size parameter. */
export const MARGIN_ORDER_PAGE_SIZE = 20;

/**
 * The margin centres' orders: spot orders traded from a margin account, read through the
 * spot module (its order view, its scoping to the caller). Placing and cancelling stay
 * the spot calls'.
 */
export function createMarginOrders(deps: { engine: EngineFront; spot: SpotModuleService }) {
  const { engine, spot } = deps;

  /** `all`: the cross account; `fixed`: every isolated account; a pair: its isolated one. */
  const walletOf = (a: string): { wallet: OrderWallet; symbol?: string } => {
    if (a === 'all') return { wallet: 'margin' };
    if (a === 'fixed') return { wallet: EVERY_ISOLATED };
    if (!engine.marginState.pairs.has(a)) {
      const reason = engine.marketSpec(a) ? 'marginPairClosed' : 'unknownMarket';
      throw new AppError('validation', reason, { field: 'a' }, 'a');
    }
    return { wallet: `margin.${a}`, symbol: a };
  };

  return {
    /** The caller's orders of account `a`, open or done, newest first. */
    list(user: string, a: string, status: 'open' | 'history', page: number) {
      return spot.listOrders(user, {
        ...walletOf(a),
        status,
        page,
        size: MARGIN_ORDER_PAGE_SIZE,
      });
    },
  };
}

export type MarginOrders = ReturnType<typeof createMarginOrders>;
