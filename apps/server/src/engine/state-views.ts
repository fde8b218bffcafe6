import {
  formatUnits,
  type Asset,
  type LiveOrder,
  type MarginWallet,
  type TradingEngine,
  type Wallet,
} from '@meridian/core';
import { priceText, quantityText } from './event-rows.ts';

/** What the engine holds of one order, in decimal strings. */
export interface OrderView {
  id: number;
  user: string;
  market: string;
  side: 'buy' | 'sell';
  kind: LiveOrder['kind'];
  status: 'open' | 'waiting';
  price: string;
  quantity: string;
  remaining: string;
  stopPrice: string | null;
  /** The margin account it trades from: null for the spot wallet. */
  wallet: MarginWallet | null;
}

export interface BalanceView {
  asset: string;
  available: string;
  held: string;
}

export interface DepthView {
  bids: [price: string, quantity: string][];
  asks: [price: string, quantity: string][];
}

/** A live order (resting, or waiting for its stop); undefined once it is done. */
export function orderView(
  engine: TradingEngine,
  market: string,
  id: number,
): OrderView | undefined {
  const m = engine.market(market);
  const order = m?.live.get(id);
  if (!m || !order) return undefined;
  const { spec } = m.market;
  return {
    id,
    user: order.user,
    market,
    side: order.side,
    kind: order.kind,
    status: m.book.has(order) ? 'open' : 'waiting',
    price: priceText(spec, order.price),
    quantity: quantityText(spec, order.lots),
    remaining: quantityText(spec, order.remaining),
    stopPrice: order.stop > 0 ? priceText(spec, order.stop) : null,
    wallet: order.account ?? null,
  };
}

/** A user's balance of one asset in one wallet (spot unless named). */
export function balanceView(
  engine: TradingEngine,
  user: string,
  asset: Asset,
  wallet: Wallet = 'spot',
): BalanceView {
  return {
    asset: asset.code,
    available: formatUnits(engine.ledger.available(user, asset.code, wallet), asset.decimals),
    held: formatUnits(engine.ledger.held(user, asset.code, wallet), asset.decimals),
  };
}

/** The best `levels` price levels of each side, best first. */
export function depthView(
  engine: TradingEngine,
  market: string,
  levels: number,
): DepthView | undefined {
  const m = engine.market(market);
  if (!m) return undefined;
  const { spec } = m.market;
  const level = ({ price, lots }: { price: number; lots: number }): [string, string] => [
    priceText(spec, price),
    quantityText(spec, lots),
  ];
  return {
    bids: m.book.depth('buy', levels).map(level),
    asks: m.book.depth('sell', levels).map(level),
  };
}

/** A user's live orders in one market. */
export function openOrderViews(engine: TradingEngine, user: string, market: string): OrderView[] {
  const m = engine.market(market);
  if (!m) return [];
  const views: OrderView[] = [];
  for (const [id, order] of m.live) {
    if (order.user !== user) continue;
    const view = orderView(engine, market, id);
    if (view) views.push(view);
  }
  return views;
}
