import { OrderBook, type Side } from '../book/order-book.ts';
import { systemAccount } from '../ledger/accounts.ts';
import type { Account, Holding, Ledger, PostingReference } from '../ledger/ledger.ts';
import type { CancelCommand, OrderKind, PlaceCommand, TimeInForce } from './commands.ts';
import type { EngineEvent, RejectReason } from './events.ts';
import type { Market } from './market.ts';

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

/**
 * The asset security fund receives 1/SECURITY_FUND_DIVISOR of every fee, rounded down to
 * the asset's minor unit (PRODUCT section 2.4); the rest is fee revenue.
 */
export const SECURITY_FUND_DIVISOR = 10n;

const TIME_IN_FORCE = new Set<string>(['GTC', 'IOC', 'FOK', 'POST_ONLY']);

/** A user's holdings of a market's two assets. */
export interface MarketWallet {
  base: Holding;
  quote: Holding;
}

interface FeeAccounts {
  fund: Account;
  revenue: Account;
}

/** Trade ids run across markets, so the engines of one ledger share the counter. */
export interface TradeCounter {
  next: number;
}

/**
 * The deterministic engine of one market: applies place and cancel commands to its book
 * and the shared ledger. Every check happens before the first posting, so a rejected
 * command changes nothing.
 */
export class MarketEngine {
  readonly book = new OrderBook();
  readonly live = new Map<number, LiveOrder>();
  /** Stop orders waiting for their trigger, in the order they were placed. */
  stops: LiveOrder[] = [];
  lastPrice = 0;
  /** The last journalled index price, quote minor units; 0n before the first tick. */
  indexPrice = 0n;

  private readonly wallets = new Map<string, MarketWallet>();
  private readonly baseFees: FeeAccounts;
  private readonly quoteFees: FeeAccounts;
  private events: EngineEvent[] = [];
  private ts = 0;

  constructor(
    readonly market: Market,
    private readonly ledger: Ledger,
    private readonly trades: TradeCounter,
  ) {
    const fees = (asset: string): FeeAccounts => ({
      fund: ledger.account(systemAccount('security_fund', asset)),
      revenue: ledger.account(systemAccount('fee_revenue', asset)),
    });
    this.baseFees = fees(market.spec.base.code);
    this.quoteFees = fees(market.spec.quote.code);
  }

  /** The user's holdings in this market, looked up once and kept. */
  wallet(user: string): MarketWallet {
    let wallet = this.wallets.get(user);
    if (!wallet) {
      wallet = {
        base: this.ledger.holding(user, this.market.spec.base.code),
        quote: this.ledger.holding(user, this.market.spec.quote.code),
      };
      this.wallets.set(user, wallet);
    }
    return wallet;
  }

  place(cmd: PlaceCommand, events: EngineEvent[]): void {
    const checked = this.check(cmd);
    if (typeof checked === 'string') {
      events.push({ type: 'rejected', reason: checked });
      return;
    }
    this.events = events;
    this.ts = cmd.ts;
    const { price, hold, wallet } = checked;
    const order: LiveOrder = {
      id: cmd.seq,
      user: cmd.user,
      side: cmd.side,
      kind: cmd.kind,
      tif: cmd.kind === 'market' ? 'IOC' : cmd.tif,
      price,
      lots: cmd.lots,
      remaining: cmd.lots,
      quote: cmd.quote,
      stop: cmd.stop,
      hold,
      wallet,
    };
    events.push({
      type: 'accepted',
      orderId: order.id,
      user: order.user,
      market: this.market.spec.symbol,
      side: order.side,
      kind: order.kind,
      tif: order.tif,
      price,
      lots: order.lots,
      quote: order.quote,
      stop: order.stop,
      ...(cmd.clientRef ? { clientRef: cmd.clientRef } : {}),
    });
    this.ledger.hold(holdingOf(order), hold, this.orderRef(order.id));
    this.live.set(order.id, order);
    if (order.kind === 'stop_limit') this.stops.push(order);
    else this.execute(order);
    this.triggerStops();
  }

  cancel(cmd: CancelCommand, events: EngineEvent[]): void {
    const order = this.live.get(cmd.orderId);
    if (!order) {
      events.push({ type: 'rejected', reason: 'order_not_open' });
      return;
    }
    if (order.user !== cmd.user) {
      events.push({ type: 'rejected', reason: 'not_owner' });
      return;
    }
    this.events = events;
    this.ts = cmd.ts;
    if (!this.book.remove(order.id)) this.stops = this.stops.filter((o) => o !== order);
    this.finish(order, 'user');
  }

  /** The band-limited price and the hold of a valid command, or why it is refused. */
  private check(
    cmd: PlaceCommand,
  ): RejectReason | { price: number; hold: bigint; wallet: MarketWallet } {
    const m = this.market;
    if (cmd.side !== 'buy' && cmd.side !== 'sell') return 'invalid_order';
    let price = cmd.price;
    let hold: bigint;
    if (cmd.kind === 'market') {
      const byQuote = cmd.quote > 0n;
      if (cmd.price !== 0 || cmd.stop !== 0) return 'invalid_order';
      if (byQuote ? cmd.lots !== 0 || cmd.side !== 'buy' : !m.validLots(cmd.lots)) {
        return byQuote ? 'invalid_order' : 'invalid_quantity';
      }
      const best = this.book.bestPrice(cmd.side === 'buy' ? 'sell' : 'buy');
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
      if (!TIME_IN_FORCE.has(cmd.tif) || cmd.quote !== 0n) {
        return 'invalid_order';
      }
      if (
        cmd.kind === 'stop_limit' ? cmd.tif !== 'GTC' || !m.validPrice(cmd.stop) : cmd.stop !== 0
      ) {
        return 'invalid_order';
      }
      if (!m.validPrice(price)) return 'invalid_price';
      if (!m.validLots(cmd.lots)) return 'invalid_quantity';
      const value = m.notional(price, cmd.lots);
      if (value < m.spec.minNotional) return 'below_min_notional';
      hold = cmd.side === 'buy' ? value : m.baseAmount(cmd.lots);
      if (cmd.kind === 'limit' && cmd.tif === 'POST_ONLY') {
        const best = this.book.bestPrice(cmd.side === 'buy' ? 'sell' : 'buy');
        if (best !== undefined && (cmd.side === 'buy' ? best <= price : best >= price)) {
          return 'would_take';
        }
      }
      if (
        cmd.kind === 'limit' &&
        cmd.tif === 'FOK' &&
        this.book.fillable(cmd.side, price, cmd.lots, cmd.user) < cmd.lots
      ) {
        return 'fok_unfillable';
      }
    }
    const wallet = this.wallet(cmd.user);
    const holding = cmd.side === 'buy' ? wallet.quote : wallet.base;
    if (holding.available.balance < hold) return 'insufficient_balance';
    return { price, hold, wallet };
  }

  private execute(order: LiveOrder): void {
    const byQuote = order.quote > 0n;
    const unit = this.market.unitNotional;
    let selfTrade = false;
    let filled = 0;
    this.book.match(
      order.side,
      order.price,
      byQuote ? this.market.spec.maxOrderLots : order.remaining,
      (makerId, makerUser, price, lots) => {
        if (makerUser === order.user) {
          selfTrade = true;
          return 0;
        }
        let take = lots;
        if (byQuote) {
          const affordable = order.quote / (BigInt(price) * unit);
          if (affordable < BigInt(take)) take = Number(affordable);
          if (take === 0) return 0;
        }
        this.fill(order, this.live.get(makerId)!, price, take);
        filled += take;
        return take;
      },
    );
    if (selfTrade) this.finish(order, 'self_trade');
    else if (byQuote) this.finishByQuote(order, filled);
    else if (order.remaining === 0) this.filled(order);
    else if (order.tif === 'GTC' || order.tif === 'POST_ONLY') {
      this.book.add(order.id, order.user, order.side, order.price, order.remaining);
    } else this.finish(order, 'unfilled');
  }

  /** Settles one fill as postings: both legs, the buyer's price improvement, both fees. */
  private fill(taker: LiveOrder, maker: LiveOrder, price: number, lots: number): void {
    const m = this.market;
    const tradeId = this.trades.next++;
    const ref: PostingReference = { refKind: 'trade', refId: String(tradeId), ts: this.ts };
    const buyer = taker.side === 'buy' ? taker : maker;
    const seller = taker.side === 'buy' ? maker : taker;
    const base = m.baseAmount(lots);
    const value = m.notional(price, lots);
    const ledger = this.ledger;

    ledger.settle(seller.wallet.base, buyer.wallet.base.available, base, 'trade', ref);
    seller.hold -= base;
    ledger.settle(buyer.wallet.quote, seller.wallet.quote.available, value, 'trade', ref);
    if (buyer.quote > 0n) {
      buyer.quote -= value;
      buyer.hold -= value;
    } else {
      const reserved = m.notional(buyer.price, lots);
      ledger.release(buyer.wallet.quote, reserved - value, ref);
      buyer.hold -= reserved;
    }

    const buyerFee = (base * (buyer === taker ? m.takerFee : m.makerFee)) / 10_000n;
    const sellerFee = (value * (seller === taker ? m.takerFee : m.makerFee)) / 10_000n;
    this.chargeFee(buyer.wallet.base.available, this.baseFees, buyerFee, ref);
    this.chargeFee(seller.wallet.quote.available, this.quoteFees, sellerFee, ref);

    taker.remaining -= lots;
    maker.remaining -= lots;
    this.lastPrice = price;
    this.events.push({
      type: 'trade',
      tradeId,
      market: m.spec.symbol,
      price,
      lots,
      takerSide: taker.side,
      makerOrderId: maker.id,
      takerOrderId: taker.id,
      makerUser: maker.user,
      takerUser: taker.user,
      makerFee: maker === buyer ? buyerFee : sellerFee,
      takerFee: taker === buyer ? buyerFee : sellerFee,
    });
    if (maker.remaining === 0) this.filled(maker);
  }

  /** A fee splits on settlement: a tenth to the asset security fund, the rest revenue. */
  private chargeFee(from: Account, to: FeeAccounts, fee: bigint, ref: PostingReference): void {
    if (fee === 0n) return;
    const fund = fee / SECURITY_FUND_DIVISOR;
    if (fund > 0n) this.ledger.move(from, to.fund, fund, 'security_fund', ref);
    this.ledger.move(from, to.revenue, fee - fund, 'fee', ref);
  }

  private filled(order: LiveOrder): void {
    this.live.delete(order.id);
    this.events.push({ type: 'filled', orderId: order.id, market: this.market.spec.symbol });
  }

  /** Ends an order early and gives back everything it still held. */
  private finish(order: LiveOrder, reason: 'user' | 'unfilled' | 'self_trade'): void {
    this.ledger.release(holdingOf(order), order.hold, this.orderRef(order.id));
    order.hold = 0n;
    this.live.delete(order.id);
    this.events.push({
      type: 'cancelled',
      orderId: order.id,
      market: this.market.spec.symbol,
      reason,
      lots: order.remaining,
    });
  }

  /** A market buy by quote amount ends once the book or its budget runs out. */
  private finishByQuote(order: LiveOrder, filled: number): void {
    this.ledger.release(order.wallet.quote, order.hold, this.orderRef(order.id));
    order.hold = 0n;
    this.live.delete(order.id);
    const market = this.market.spec.symbol;
    this.events.push(
      filled > 0
        ? { type: 'filled', orderId: order.id, market }
        : { type: 'cancelled', orderId: order.id, market, reason: 'unfilled', lots: 0 },
    );
  }

  /** Stops fire on the last trade price, oldest first, until a pass fires none. */
  private triggerStops(): void {
    while (this.stops.length > 0 && this.lastPrice > 0) {
      const last = this.lastPrice;
      const fired = this.stops.filter((o) => (o.side === 'buy' ? last >= o.stop : last <= o.stop));
      if (fired.length === 0) return;
      this.stops = this.stops.filter((o) => !fired.includes(o));
      for (const order of fired) {
        this.events.push({ type: 'triggered', orderId: order.id, market: this.market.spec.symbol });
        this.execute(order);
      }
    }
  }

  private orderRef(id: number): PostingReference {
    return { refKind: 'order', refId: String(id), ts: this.ts };
  }
}

/** Where an order's hold sits: quote for a buy, base for a sell. */
function holdingOf(order: LiveOrder): Holding {
  return order.side === 'buy' ? order.wallet.quote : order.wallet.base;
}
