import type { Side } from '../book/order-book.ts';
import type { Holding } from '../ledger/ledger.ts';
import type { OrderKind, TimeInForce } from './commands.ts';

/** An owner's holdings of a market's two assets. */
export interface MarketWallet {
  base: Holding;
  quote: Holding;
}

/** An order the engine still owes something to: resting, or waiting for its stop. */
export interface LiveOrder {
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
  /** Exactly what the order can still spend, held in the ledger. */
  hold: bigint;
  wallet: MarketWallet;
}

/** Where an order's hold sits: quote for a buy, base for a sell. */
export function holdingOf(order: LiveOrder): Holding {
  return order.side === 'buy' ? order.wallet.quote : order.wallet.base;
}
