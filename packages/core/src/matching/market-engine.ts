import { OrderBook, type FillVisitor } from '../book/order-book.ts';
import type { Ledger, PostingReference } from '../ledger/ledger.ts';
import type { CancelCommand, MarginWalletName, PlaceCommand } from './commands.ts';
import type { EngineEvent, RejectReason } from './events.ts';
import type { LiveOrder, MarketWallet } from './live-order.ts';
import type { Market } from './market.ts';
import { AdmittedOrder, checkSpotOrder } from './spot-risk.ts';
import { SpotSettlement } from './spot-settlement.ts';

export type { LiveOrder, MarketWallet } from './live-order.ts';
export { SECURITY_FUND_DIVISOR } from './spot-settlement.ts';

/** Trade ids run across markets, so the engines of one ledger share the counter. */
export interface TradeCounter {
  next: number;
}

/**
 * The deterministic engine of one market, in three stages as an exchange core runs
 * them: the pre-trade risk check (spot holds, `spot-risk.ts`), the shared matching book
 * (`OrderBook`), and settlement (spot postings, `spot-settlement.ts`). This class holds
 * the market's state and runs an order through the stages, then the stop triggers.
 * Every check happens before the first posting, so a rejected command changes nothing.
 */
export class MarketEngine implements FillVisitor<LiveOrder> {
  readonly book = new OrderBook<LiveOrder>();
  readonly live = new Map<number, LiveOrder>();
  /** Stop orders waiting for their trigger, in the order they were placed. */
  stops: LiveOrder[] = [];
  lastPrice = 0;
  /** The last journalled index price, quote minor units; 0n before the first tick. */
  indexPrice = 0n;
  /** A paused book takes cancels only; its open orders stay (a journalled state change). */
  paused = false;

  private readonly wallets = new Map<string, MarketWallet>();
  private readonly settlement: SpotSettlement;
  private readonly walletOf = (owner: string, account?: MarginWalletName) =>
    this.wallet(owner, account);
  private events: EngineEvent[] = [];
  private ts = 0;
  private readonly admitted = new AdmittedOrder();
  /** The order being matched, and what its match has found so far (see `visit`). */
  private taker: LiveOrder | null = null;
  private selfTrade = false;
  private filledLots = 0;
  /** Changed in place before each use: the ledger copies them into its postings. */
  private readonly tradeRef: PostingReference = { refKind: 'trade', refId: 0, ts: 0 };
  private readonly orderRefs: PostingReference = { refKind: 'order', refId: 0, ts: 0 };

  /**
   * Repays a margin order's loan from what one of its fills brought in (set by the trading
   * engine, which keeps the loans): the order, the coin and the amount received, fee paid.
   */
  repayFromFill:
    | ((order: LiveOrder, asset: string, amount: bigint, events: EngineEvent[], ts: number) => void)
    | null = null;

  constructor(
    readonly market: Market,
    private readonly ledger: Ledger,
    private readonly trades: TradeCounter,
  ) {
    this.settlement = new SpotSettlement(market, ledger);
  }

  /** The owner's holdings in this market (spot, or a margin account), looked up once and kept. */
  wallet(user: string, account?: MarginWalletName): MarketWallet {
    const key = account ? `${user}\u0000${account}` : user;
    let wallet = this.wallets.get(key);
    if (!wallet) {
      const { base, quote } = this.market.spec;
      wallet = {
        base: this.ledger.holding(user, base.code, account),
        quote: this.ledger.holding(user, quote.code, account),
      };
      this.wallets.set(key, wallet);
    }
    return wallet;
  }

  /**
   * What `cmd` lacks to be placed: the coin it spends and how much of it is missing from
   * the owner's free balance (0n when nothing is), or the reason it would be refused
   * anyway. Reads only.
   */
  shortfall(cmd: PlaceCommand): { asset: string; amount: bigint } | RejectReason {
    if (this.paused) return 'market_paused';
    const scratch = new AdmittedOrder();
    const refused = checkSpotOrder(this.market, this.book, this.walletOf, cmd, scratch);
    if (refused && refused !== 'insufficient_balance') return refused;
    const { base, quote } = this.market.spec;
    return { asset: (cmd.side === 'buy' ? quote : base).code, amount: scratch.shortfall };
  }

  place(cmd: PlaceCommand, events: EngineEvent[]): void {
    // One field on the hot path: a paused market refuses before any other check.
    if (this.paused) {
      events.push({ type: 'rejected', reason: 'market_paused' });
      return;
    }
    const admitted = this.admitted;
    const refused = checkSpotOrder(this.market, this.book, this.walletOf, cmd, admitted);
    if (refused) {
      events.push({ type: 'rejected', reason: refused });
      return;
    }
    this.events = events;
    this.ts = cmd.ts;
    const { price, hold } = admitted;
    const wallet = admitted.wallet!;
    const order: LiveOrder = {
      id: cmd.seq,
      slot: -1,
      user: cmd.user,
      side: cmd.side,
      kind: cmd.kind,
      tif: cmd.kind === 'market' ? 'IOC' : cmd.tif,
      price,
      lots: cmd.lots,
      remaining: cmd.lots,
      quote: cmd.quote,
      stop: cmd.stop,
      wallet,
    };
    if (cmd.wallet) order.account = cmd.wallet;
    if (cmd.wallet && cmd.autoRepay) order.autoRepay = true;
    const accepted: EngineEvent = {
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
    };
    // Set only when given, rather than spread: a spread on every order cost the engine 3%.
    if (cmd.clientRef) accepted.clientRef = cmd.clientRef;
    if (cmd.clientOrderId) accepted.clientOrderId = cmd.clientOrderId;
    if (cmd.wallet) accepted.wallet = cmd.wallet;
    events.push(accepted);
    this.ledger.hold(
      order.side === 'buy' ? wallet.quote : wallet.base,
      hold,
      this.orderRef(order.id),
    );
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
    if (!this.book.remove(order)) this.stops = this.stops.filter((o) => o !== order);
    this.finish(order, 'user');
  }

  /** The matching stage: walks the book, settling each fill as it is made (`visit`). */
  private execute(order: LiveOrder): void {
    const byQuote = order.lots === 0;
    this.taker = order;
    this.selfTrade = false;
    this.filledLots = 0;
    this.book.match(
      order.side,
      order.price,
      byQuote ? this.market.spec.maxOrderLots : order.remaining,
      this,
    );
    this.taker = null;
    if (this.selfTrade) this.finish(order, 'self_trade');
    else if (byQuote) this.finishByQuote(order, this.filledLots);
    else if (order.remaining === 0) this.filled(order);
    else if (order.tif === 'GTC' || order.tif === 'POST_ONLY') {
      this.book.add(order, order.side, order.price, order.remaining);
    } else this.finish(order, 'unfilled');
  }

  /** One maker met by the taker being matched: how many lots it takes (0 stops). */
  visit(maker: LiveOrder, price: number, lots: number): number {
    const taker = this.taker!;
    if (maker.user === taker.user) {
      this.selfTrade = true;
      return 0;
    }
    let take = lots;
    if (taker.lots === 0) {
      const affordable = taker.quote / (BigInt(price) * this.market.unitNotional);
      if (affordable < BigInt(take)) take = Number(affordable);
      if (take === 0) return 0;
    }
    this.fill(taker, maker, price, take);
    this.filledLots += take;
    return take;
  }

  /** One match: settled by the settlement stage, reported as a trade. */
  private fill(taker: LiveOrder, maker: LiveOrder, price: number, lots: number): void {
    const tradeId = this.trades.next++;
    const ref = this.tradeRef;
    ref.refId = tradeId;
    ref.ts = this.ts;
    const takerIsBuyer = taker.side === 'buy';
    const settlement = this.settlement;
    if (takerIsBuyer) settlement.fill(taker, maker, true, price, lots, ref);
    else settlement.fill(maker, taker, false, price, lots, ref);
    taker.remaining -= lots;
    maker.remaining -= lots;
    this.lastPrice = price;
    this.events.push({
      type: 'trade',
      tradeId,
      market: this.market.spec.symbol,
      price,
      lots,
      takerSide: taker.side,
      makerOrderId: maker.id,
      takerOrderId: taker.id,
      makerUser: maker.user,
      takerUser: taker.user,
      makerFee: takerIsBuyer ? settlement.sellerFee : settlement.buyerFee,
      takerFee: takerIsBuyer ? settlement.buyerFee : settlement.sellerFee,
    });
    if ((taker.autoRepay || maker.autoRepay) && this.repayFromFill) {
      const buyer = takerIsBuyer ? taker : maker;
      const seller = takerIsBuyer ? maker : taker;
      const { base, quote } = this.market.spec;
      if (buyer.autoRepay) {
        const got = this.market.baseAmount(lots) - settlement.buyerFee;
        this.repayFromFill(buyer, base.code, got, this.events, this.ts);
      }
      if (seller.autoRepay) {
        const got = this.market.notional(price, lots) - settlement.sellerFee;
        this.repayFromFill(seller, quote.code, got, this.events, this.ts);
      }
    }
    if (maker.remaining === 0) this.filled(maker);
  }

  private filled(order: LiveOrder): void {
    this.live.delete(order.id);
    this.events.push({ type: 'filled', orderId: order.id, market: this.market.spec.symbol });
  }

  /** Ends an order early and gives back everything it still held. */
  private finish(order: LiveOrder, reason: 'user' | 'unfilled' | 'self_trade'): void {
    this.settlement.release(order, this.orderRef(order.id));
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
    this.settlement.release(order, this.orderRef(order.id));
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
    const ref = this.orderRefs;
    ref.refId = id;
    ref.ts = this.ts;
    return ref;
  }
}
