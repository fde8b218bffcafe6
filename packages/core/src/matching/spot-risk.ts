import type { OrderBook } from '../book/order-book.ts';
import type { MarginWalletName, PlaceCommand, TimeInForce } from './commands.ts';
import type { RejectReason } from './events.ts';
import type { LiveOrder, MarketWallet } from './live-order.ts';
import type { Market } from './market.ts';

const isTimeInForce = (tif: string): tif is TimeInForce =>
  tif === 'GTC' || tif === 'IOC' || tif === 'FOK' || tif === 'POST_ONLY';

/**
 * What the pre-trade check settles for an order it admits. The market engine keeps one
 * and the check fills it in, as every order passes here.
 */
export class AdmittedOrder {
  /** The limit in ticks; for a market order, the edge of its protection band. */
  price = 0;
  /** What the order reserves: quote for a buy, base for a sell. */
  hold = 0n;
  wallet: MarketWallet | null = null;
  /** What the owner's free balance lacks of the hold (0n when it covers it). */
  shortfall = 0n;
}

/**
 * The pre-trade risk stage of a spot order: the order is well formed for its market,
 * would not break its time in force against the book, and the owner's available balance
 * covers what it must hold. Reads only; nothing changes before it admits the order.
 */
export function checkSpotOrder(
  m: Market,
  book: OrderBook<LiveOrder>,
  wallet: (owner: string, account?: MarginWalletName) => MarketWallet,
  cmd: PlaceCommand,
  admitted: AdmittedOrder,
): RejectReason | undefined {
  if (cmd.side !== 'buy' && cmd.side !== 'sell') return 'invalid_order';
  let price = cmd.price;
  let hold: bigint;
  if (cmd.kind === 'market') {
    const byQuote = cmd.quote > 0n;
    if (cmd.price !== 0 || cmd.stop !== 0) return 'invalid_order';
    if (byQuote ? cmd.lots !== 0 || cmd.side !== 'buy' : !m.validLots(cmd.lots)) {
      return byQuote ? 'invalid_order' : 'invalid_quantity';
    }
    const best = book.bestPrice(cmd.side === 'buy' ? 'sell' : 'buy');
    if (best === undefined) return 'no_liquidity';
    price = m.bandLimit(cmd.side, best);
    const value = byQuote ? cmd.quote : m.notional(best, cmd.lots);
    if (value < m.spec.minNotional) return 'below_min_notional';
    hold = byQuote
      ? cmd.quote
      : cmd.side === 'buy'
        ? m.notional(price, cmd.lots)
        : m.baseAmount(cmd.lots);
  } else {
    if (cmd.kind !== 'limit' && cmd.kind !== 'stop_limit') return 'invalid_order';
    if (!isTimeInForce(cmd.tif) || cmd.quote !== 0n) {
      return 'invalid_order';
    }
    if (cmd.kind === 'stop_limit' ? cmd.tif !== 'GTC' || !m.validPrice(cmd.stop) : cmd.stop !== 0) {
      return 'invalid_order';
    }
    if (!m.validPrice(price)) return 'invalid_price';
    if (!m.validLots(cmd.lots)) return 'invalid_quantity';
    const value = m.notional(price, cmd.lots);
    if (value < m.spec.minNotional) return 'below_min_notional';
    hold = cmd.side === 'buy' ? value : m.baseAmount(cmd.lots);
    if (cmd.kind === 'limit' && cmd.tif === 'POST_ONLY') {
      const best = book.bestPrice(cmd.side === 'buy' ? 'sell' : 'buy');
      if (best !== undefined && (cmd.side === 'buy' ? best <= price : best >= price)) {
        return 'would_take';
      }
    }
    if (
      cmd.kind === 'limit' &&
      cmd.tif === 'FOK' &&
      book.fillable(cmd.side, price, cmd.lots, cmd.user) < cmd.lots
    ) {
      return 'fok_unfillable';
    }
  }
  const owned = wallet(cmd.user, cmd.wallet);
  const holding = cmd.side === 'buy' ? owned.quote : owned.base;
  // Less what open orders reserve in the engine (market-making accounts' holds, see Ledger).
  const free = holding.available.balance - holding.available.reserved;
  admitted.shortfall = free < hold ? hold - free : 0n;
  if (admitted.shortfall > 0n) return 'insufficient_balance';
  admitted.price = price;
  admitted.hold = hold;
  admitted.wallet = owned;
  return undefined;
}
