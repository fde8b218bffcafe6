import type { BookEntry, Side } from '../book/order-book.ts';
import type { Holding } from '../ledger/ledger.ts';
import type { MarginWalletName, OrderKind, TimeInForce } from './commands.ts';
import type { Market } from './market.ts';

/** An owner's holdings of a market's two assets. */
export interface MarketWallet {
  base: Holding;
  quote: Holding;
}

/** An order the engine still owes something to: resting, or waiting for its stop. */
export interface LiveOrder extends BookEntry {
  id: number;
  user: string;
  side: Side;
  kind: OrderKind;
  tif: TimeInForce;
  /** Limit in ticks; for a market order, the edge of its protection band. */
  price: number;
  lots: number;
  remaining: number;
  /** Quote left to spend of a market buy by quote amount; 0n for every other order. */
  quote: bigint;
  stop: number;
  wallet: MarketWallet;
  /** A margin account's order: which one (absent for the spot wallet). */
  account?: MarginWalletName;
  /** Its fills repay the margin account's loan in the coin they bring in (PlaceCommand). */
  autoRepay?: true;
}

/** Where an order's hold sits: quote for a buy, base for a sell. */
export function holdingOf(order: LiveOrder): Holding {
  return order.side === 'buy' ? order.wallet.quote : order.wallet.base;
}

/**
 * Exactly what an order can still spend, held in the ledger. It follows from what is left
 * of the order, so the engine keeps no running amount: a sell holds its remaining base;
 * a buy by quote its unspent quote; any other buy its remaining lots at its own limit,
 * because each fill pays the trade price and releases the rest of the limit
 * (`SpotSettlement.fill`), and the two add up to the limit exactly.
 */
export function heldBy(m: Market, order: LiveOrder): bigint {
  if (order.side === 'sell') return m.baseAmount(order.remaining);
  return order.lots === 0 ? order.quote : m.notional(order.price, order.remaining);
}
