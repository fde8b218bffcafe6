import type { FillVisitor, Side } from '../book/order-book.ts';
import { systemAccount } from '../ledger/accounts.ts';
import type { Account, Holding, Ledger, PostingReference } from '../ledger/ledger.ts';
import type { PostingReason } from '../ledger/posting.ts';
import type { TimeInForce } from '../matching/commands.ts';
import type { EngineEvent, RejectReason } from '../matching/events.ts';
import { SECURITY_FUND_DIVISOR } from '../matching/spot-settlement.ts';
import {
  averagePremium,
  fundingRate,
  fundingShares,
  impactPrice,
  premiumIndex,
} from './funding.ts';
import { adlScore, crossMargin } from './liquidation.ts';
import { markPrice } from './mark.ts';
import { RATE_ONE } from './rates.ts';
import {
  DEFAULT_SETTING,
  INSURANCE_OWNER,
  PerpMarket,
  type MarginMode,
  type PerpOrder,
  type PerpOrderKind,
  type PerpOrderSource,
  type PerpSpec,
  type PerpTrigger,
  type Position,
  type PriceTrigger,
  type Setting,
} from './state.ts';
import { initialMargin, maintenanceMargin, maxLeverageFor, resolveTiers } from './tiers.ts';

/** What the settlement account holds: the realised PnL of closed positions, mirrored. */
export const PERP_SETTLEMENT = 'perp_settlement';

export interface PerpPlace {
  user: string;
  symbol: string;
  side: Side;
  kind: PerpOrderKind;
  tif: TimeInForce;
  /** Ticks; 0 for market and stop-market orders. */
  price: number;
  contracts: number;
  reduceOnly: boolean;
  stop: number;
  trigger: PerpTrigger;
  source: PerpOrderSource;
  clientOrderId?: string;
}

export type PerpCancelReason =
  'user' | 'unfilled' | 'self_trade' | 'reduce_only' | 'liquidation' | 'insufficient_balance';

export type PerpEvent = Extract<EngineEvent, { type: `perp_${string}` }>;

const BPS = 10_000n;

/**
 * The perpetual-contract engine inside the trading engine: its markets (books matched
 * price-time as spot's), one-way positions, margins, funding, and liquidation by the
 * insurance fund with auto-deleveraging. Money moves only as ledger postings in the
 * contract wallet's coin:
 * - an order holds its initial margin and taker fee (available → held);
 * - a fill turns what it used of that hold into the position's margin (it stays held),
 *   pays the fee (10 % to the security fund) and gives back the rest;
 * - closing gives the closed part's margin back and posts the realised PnL against the
 *   settlement account, which mirrors what open positions owe each other;
 * - funding moves between payers and receivers through the settlement account, net zero;
 * - a liquidated isolated position's margin pays its loss at the bankruptcy price and the
 *   rest goes to the insurance fund, which takes the position and closes it into the book.
 * Every check comes before the first posting, so a refused command changes nothing.
 */
export class PerpsEngine implements FillVisitor<PerpOrder> {
  readonly markets = new Map<string, PerpMarket>();
  readonly settings = new Map<string, Setting>();
  /** Funding runs applied, `symbol:time`. */
  readonly fundingRefs = new Set<string>();
  nextOrderId = 1;
  nextTradeId = 1;

  private events: EngineEvent[] = [];
  private ts = 0;
  private market!: PerpMarket;
  private taker: PerpOrder | null = null;
  /**
   * The auto-deleveraging queue of each side, ranked once per liquidation pass: ranking
   * every opposite position again for each liquidation of a crash would cost a sort of
   * the whole side each time.
   */
  private adlQueues = new Map<string, Position[]>();
  private selfTrade = false;
  private readonly ref: PostingReference = { refKind: 'order', refId: 0, ts: 0 };

  constructor(private readonly ledger: Ledger) {}

  // ------------------------------------------------------------------ listing and reading

  list(spec: PerpSpec, ts: number, events: EngineEvent[]): void {
    if (this.markets.has(spec.symbol)) {
      events.push({ type: 'rejected', reason: 'already_listed' });
      return;
    }
    let tiers;
    try {
      tiers = resolveTiers(spec.tiers);
    } catch {
      events.push({ type: 'rejected', reason: 'invalid_listing' });
      return;
    }
    const valid =
      spec.contractSize > 0n &&
      spec.tickSize > 0n &&
      spec.maxOrderContracts > 0 &&
      spec.fundingIntervalMs >= 60_000 &&
      spec.makerFeeBps >= 0 &&
      spec.takerFeeBps >= 0 &&
      spec.fundingCap > 0n &&
      spec.impactNotional > 0n &&
      spec.protectionRate > 0n &&
      spec.protectionRate < RATE_ONE;
    if (!valid) {
      events.push({ type: 'rejected', reason: 'invalid_listing' });
      return;
    }
    this.markets.set(spec.symbol, new PerpMarket(spec, tiers, ts));
    events.push({ type: 'perp_listed', symbol: spec.symbol, spec });
  }

  setting(user: string, symbol: string): Setting {
    return this.settings.get(settingKey(user, symbol)) ?? DEFAULT_SETTING;
  }

  position(user: string, symbol: string): Position | undefined {
    return this.markets.get(symbol)?.positions.get(user);
  }

  // ------------------------------------------------------------------ orders

  place(cmd: PerpPlace, seq: number, ts: number, events: EngineEvent[]): void {
    const market = this.markets.get(cmd.symbol);
    const refused = this.checkPlace(market, cmd);
    if (refused) {
      events.push({ type: 'rejected', reason: refused });
      return;
    }
    this.begin(market!, ts, events);
    const setting = this.setting(cmd.user, cmd.symbol);
    const order: PerpOrder = {
      id: this.nextOrderId++,
      slot: -1,
      user: cmd.user,
      symbol: cmd.symbol,
      side: cmd.side,
      kind: cmd.kind,
      tif: cmd.kind === 'market' || cmd.kind === 'stop_market' ? 'IOC' : cmd.tif,
      price: cmd.price,
      contracts: cmd.contracts,
      remaining: cmd.contracts,
      reduceOnly: cmd.reduceOnly,
      stop: cmd.stop,
      trigger: cmd.trigger,
      hold: 0n,
      leverage: setting.leverage,
      mode: setting.mode,
      source: cmd.source,
      ...(cmd.clientOrderId ? { clientOrderId: cmd.clientOrderId } : {}),
    };
    const hold = order.reduceOnly
      ? 0n
      : this.holdFor(
          market!,
          order,
          this.holdPrice(market!, order.side, order.kind, order.price, order.stop),
        );
    order.hold = hold;
    if (hold > 0n) this.ledger.hold(this.holding(order.user), hold, this.orderRef(order.id));
    events.push({ type: 'perp_accepted', order: { ...order }, command: seq });
    market!.live.set(order.id, order);
    if (order.stop > 0) market!.stops.push(order);
    else this.execute(order);
    this.afterTrades();
  }

  private checkPlace(market: PerpMarket | undefined, cmd: PerpPlace): RejectReason | undefined {
    if (!market) return 'unknown_market';
    if (market.paused) return 'market_paused';
    if (market.mark <= 0n) return 'no_index';
    const limited = cmd.kind === 'limit' || cmd.kind === 'stop_limit';
    const stopped = cmd.kind === 'stop_market' || cmd.kind === 'stop_limit';
    if (
      !Number.isSafeInteger(cmd.contracts) ||
      cmd.contracts <= 0 ||
      cmd.contracts > market.spec.maxOrderContracts
    ) {
      return 'invalid_quantity';
    }
    if (limited !== cmd.price > 0 || stopped !== cmd.stop > 0) return 'invalid_price';
    if (cmd.price > 0 && !Number.isSafeInteger(cmd.price)) return 'invalid_price';
    if (cmd.stop > 0 && !Number.isSafeInteger(cmd.stop)) return 'invalid_price';
    if (cmd.tif === 'POST_ONLY' && cmd.kind !== 'limit') return 'invalid_order';
    const position = market.positions.get(cmd.user);
    if (cmd.reduceOnly) {
      // Reduce-only shrinks a position: it needs one on the other side, at least as big.
      const increases = !position || position.side === (cmd.side === 'buy' ? 'long' : 'short');
      if (increases || cmd.contracts > position.contracts) return 'reduce_only_increase';
    }
    if (cmd.kind === 'limit' && cmd.tif === 'POST_ONLY') {
      const best = market.book.bestPrice(cmd.side === 'buy' ? 'sell' : 'buy');
      if (best !== undefined && (cmd.side === 'buy' ? best <= cmd.price : best >= cmd.price)) {
        return 'would_take';
      }
    }
    if (cmd.tif === 'FOK' && cmd.kind === 'limit') {
      if (market.book.fillable(cmd.side, cmd.price, cmd.contracts, cmd.user) < cmd.contracts) {
        return 'fok_unfillable';
      }
    }
    if (cmd.reduceOnly) return undefined;
    const setting = this.setting(cmd.user, cmd.symbol);
    const price = this.holdPrice(market, cmd.side, cmd.kind, cmd.price, cmd.stop);
    const adding = position && position.side === (cmd.side === 'buy' ? 'long' : 'short');
    const notional = market.notional(
      cmd.contracts + (adding ? position.contracts : 0),
      market.arithmetic.heavier(price, market.mark),
    );
    if (setting.leverage > maxLeverageFor(market.tiers, notional)) return 'leverage_too_high';
    const need = this.holdAt(market, cmd.contracts, price, setting.leverage);
    if (!this.canHold(cmd.user, market, need)) return 'insufficient_balance';
    return undefined;
  }

  /** Money reserved in the engine for a market maker's orders is not free either. */
  private canHold(user: string, market: PerpMarket, amount: bigint): boolean {
    const available = this.holding(user, market).available;
    return available.balance - available.reserved >= amount;
  }

  cancel(user: string, symbol: string, orderId: number, ts: number, events: EngineEvent[]): void {
    const market = this.markets.get(symbol);
    const order = market?.live.get(orderId);
    if (!market || !order) {
      events.push({ type: 'rejected', reason: 'order_not_open' });
      return;
    }
    if (order.user !== user) {
      events.push({ type: 'rejected', reason: 'not_owner' });
      return;
    }
    this.begin(market, ts, events);
    this.finish(order, 'user');
  }

  /**
   * The price an order's margin is held at: its limit, or the protection limit. An order
   * that can fill past it where its margin grows holds at the mark at least: a linear sell
   * limit (filled at its limit or higher, larger notional), any inverse buy (filled lower,
   * more coin per contract).
   */
  private holdPrice(
    market: PerpMarket,
    side: Side,
    kind: PerpOrderKind,
    price: number,
    stop: number,
  ): bigint {
    const at = this.limitPriceOf(market, side, kind, price, stop);
    const arithmetic = market.arithmetic;
    const heavierPast =
      arithmetic.kind === 'linear' ? side === 'sell' && kind === 'limit' : side === 'buy';
    return heavierPast ? arithmetic.heavier(at, market.mark) : at;
  }

  private limitPriceOf(
    market: PerpMarket,
    side: Side,
    kind: PerpOrderKind,
    price: number,
    stop: number,
  ): bigint {
    if (kind === 'limit' || kind === 'stop_limit') return market.priceOf(price);
    const reference = kind === 'stop_market' ? market.priceOf(stop) : market.mark;
    return this.protected(market, side, reference);
  }

  /** How far a market order may go: the reference ± the protection rate. */
  private protected(market: PerpMarket, side: Side, reference: bigint): bigint {
    const band = (reference * market.spec.protectionRate) / RATE_ONE;
    return side === 'buy' ? reference + band : reference - band;
  }

  /** Initial margin and taker fee of `contracts` at `price`. */
  private holdAt(market: PerpMarket, contracts: number, price: bigint, leverage: number): bigint {
    const notional = market.notional(contracts, price);
    return initialMargin(notional, leverage) + this.fee(notional, market.spec.takerFeeBps);
  }

  private holdFor(market: PerpMarket, order: PerpOrder, price: bigint): bigint {
    return this.holdAt(market, order.remaining, price, order.leverage);
  }

  private fee(notional: bigint, bps: number): bigint {
    return (notional * BigInt(bps)) / BPS;
  }

  private begin(market: PerpMarket, ts: number, events: EngineEvent[]): void {
    this.market = market;
    this.ts = ts;
    this.events = events;
  }

  /** The matching stage, as spot's: walks the book, settling each fill as it is made. */
  private execute(order: PerpOrder): void {
    const market = this.market;
    let limit: number;
    if (order.kind === 'market' || order.kind === 'stop_market') {
      const bound = this.protected(market, order.side, market.mark);
      limit = market.ticksOf(bound, order.side === 'sell');
      if (limit <= 0) limit = 1;
      order.price = limit;
    } else limit = order.price;
    this.taker = order;
    this.selfTrade = false;
    market.book.match(order.side, limit, this.matchable(order), this);
    this.taker = null;
    if (this.selfTrade) this.finish(order, 'self_trade');
    else if (order.remaining === 0) this.filled(order);
    else if (order.reduceOnly && this.matchable(order) === 0) this.finish(order, 'reduce_only');
    else if (order.tif === 'GTC' || order.tif === 'POST_ONLY') {
      market.book.add(order, order.side, order.price, order.remaining);
    } else this.finish(order, 'unfilled');
  }

  /** What an order may still fill: a reduce-only order never more than the position. */
  private matchable(order: PerpOrder): number {
    if (!order.reduceOnly) return order.remaining;
    const position = this.market.positions.get(order.user);
    if (!position || position.side === (order.side === 'buy' ? 'long' : 'short')) return 0;
    return Math.min(order.remaining, position.contracts);
  }

  visit(maker: PerpOrder, ticks: number, lots: number): number {
    const taker = this.taker!;
    if (maker.user === taker.user) {
      this.selfTrade = true;
      return 0;
    }
    const take = Math.min(lots, this.matchable(taker));
    if (take <= 0) return 0;
    this.fill(taker, maker, ticks, take);
    return take;
  }

  private fill(taker: PerpOrder, maker: PerpOrder, ticks: number, contracts: number): void {
    const market = this.market;
    const price = market.priceOf(ticks);
    const tradeId = this.nextTradeId++;
    const ref: PostingReference = { refKind: 'trade', refId: `p${tradeId}`, ts: this.ts };
    const makerSide = this.settleSide(maker, contracts, price, market.spec.makerFeeBps, ref);
    const takerSide = this.settleSide(taker, contracts, price, market.spec.takerFeeBps, ref);
    taker.remaining -= contracts;
    maker.remaining -= contracts;
    market.lastPrice = price;
    this.events.push({
      type: 'perp_trade',
      tradeId,
      symbol: market.spec.symbol,
      price,
      contracts,
      takerSide: taker.side,
      maker: { orderId: maker.id, user: maker.user, ...makerSide },
      taker: { orderId: taker.id, user: taker.user, ...takerSide },
    });
    if (maker.remaining === 0) this.filled(maker);
    this.trimReduceOnly(maker.user);
    this.trimReduceOnly(taker.user);
  }

  /**
   * One side of a fill: the part that closes the owner's position first (its margin back,
   * its PnL realised), then the part that opens or adds (margin from the order's hold), the
   * fee, and what the hold kept beyond them back to the wallet.
   */
  private settleSide(
    order: PerpOrder,
    contracts: number,
    price: bigint,
    feeBps: number,
    ref: PostingReference,
  ): { fee: bigint; pnl: bigint } {
    const market = this.market;
    const owner = order.user;
    const insurance = owner === INSURANCE_OWNER;
    const h = insurance ? null : this.holding(owner);
    // The part of the order's hold these contracts used.
    const used =
      order.remaining === contracts
        ? order.hold
        : (order.hold * BigInt(contracts)) / BigInt(order.remaining);
    order.hold -= used;
    let free = used; // of the used hold, what is not yet spent or kept as margin
    let position = market.positions.get(owner);
    const opening = order.side === 'buy' ? 'long' : 'short';
    let pnl = 0n;
    let open = contracts;

    if (position && position.side !== opening) {
      const close = Math.min(contracts, position.contracts);
      open = contracts - close;
      pnl = market.arithmetic.pnl(position.side, close, position.entry, price);
      const margin =
        close === position.contracts
          ? position.margin
          : (position.margin * BigInt(close)) / BigInt(position.contracts);
      position.margin -= margin;
      position.contracts -= close;
      position.realised += pnl;
      if (insurance) this.settleInsurance(market, pnl, ref);
      else this.realise(h!, position, margin, pnl, ref);
      if (position.contracts === 0) {
        market.positions.delete(owner);
        this.positionChanged(market, position, true);
        position = undefined;
      } else this.positionChanged(market, position, false);
    }

    const fee = insurance ? 0n : this.fee(market.notional(contracts, price), feeBps);
    if (fee > 0n) {
      const fromHold = fee < free ? fee : free;
      this.payFee(h!, fromHold, fee, fee / SECURITY_FUND_DIVISOR, market, ref);
      free -= fromHold;
    }

    if (open > 0) {
      if (!position) {
        position = {
          id: order.id,
          user: owner,
          symbol: market.spec.symbol,
          side: opening,
          contracts: 0,
          entry: price,
          margin: 0n,
          mode: order.mode,
          leverage: order.leverage,
          realised: 0n,
          funding: 0n,
          openedAt: this.ts,
          liquidation: null,
        };
        market.positions.set(owner, position);
      } else {
        position.entry = market.arithmetic.averageEntry(
          position.side,
          position.contracts,
          position.entry,
          open,
          price,
        );
      }
      position.contracts += open;
      if (!insurance) {
        // The margin comes out of the hold (a hold kept in the engine moves now); a fill
        // better than the hold's price for a sell needs a little more, from the wallet
        // when it is there.
        const im = initialMargin(market.notional(open, price), order.leverage);
        const fromHold = im < free ? im : free;
        if (fromHold > 0n && this.inEngine(h!)) {
          this.ledger.settle(h!, h!.held, fromHold, 'hold', ref);
        }
        free -= fromHold;
        const spare = h!.available.balance - h!.available.reserved;
        const more = im - fromHold < spare ? im - fromHold : spare > 0n ? spare : 0n;
        if (more > 0n) this.ledger.move(h!.available, h!.held, more, 'hold', ref);
        position.margin += fromHold + more;
      }
      this.positionChanged(market, position, false);
    }

    if (free > 0n && h) this.ledger.release(h, free, ref);
    return { fee, pnl };
  }

  /** The fee: from the order's hold first, then from the wallet; a tenth to the security fund. */
  private payFee(
    h: Holding,
    fromHold: bigint,
    fee: bigint,
    fund: bigint,
    market: PerpMarket,
    ref: PostingReference,
  ): void {
    const coin = market.margin.code;
    const security = this.ledger.account(systemAccount('security_fund', coin));
    const revenue = this.ledger.account(systemAccount('fee_revenue', coin));
    // Paid in two postings (security fund, revenue), each from the hold as far as it goes.
    let holdLeft = fromHold;
    for (const [to, amount, reason] of [
      [security, fund, 'security_fund'],
      [revenue, fee - fund, 'fee'],
    ] as const) {
      if (amount <= 0n) continue;
      const fromHeld = amount < holdLeft ? amount : holdLeft;
      if (fromHeld > 0n) this.ledger.settle(h, to, fromHeld, reason, ref);
      holdLeft -= fromHeld;
      if (amount > fromHeld) this.take(h, to, amount - fromHeld, reason, ref);
    }
  }

  /**
   * Money the owner owes beyond a hold (a fee, a cross loss): from the wallet's available
   * part; what that cannot cover is the insurance fund's (a bankrupt close). Margins of
   * other positions are never touched.
   */
  private take(
    h: Holding,
    to: Account,
    amount: bigint,
    reason: PostingReason,
    ref: PostingReference,
  ): void {
    const available = h.available.balance - h.available.reserved;
    const fromAvailable = amount < available ? amount : available > 0n ? available : 0n;
    if (fromAvailable > 0n) this.ledger.move(h.available, to, fromAvailable, reason, ref);
    const rest = amount - fromAvailable;
    if (rest > 0n) {
      const insurance = this.ledger.account(systemAccount('insurance_fund', to.asset));
      const covered = rest < insurance.balance ? rest : insurance.balance;
      if (covered > 0n) this.ledger.move(insurance, to, covered, 'liquidation', ref);
    }
  }

  /**
   * A closed part: its margin back to the wallet, then its PnL against the settlement
   * account. An isolated position never loses more than its margin: past it, the
   * insurance fund pays (a bankrupt close).
   */
  private realise(
    h: Holding,
    position: Position,
    margin: bigint,
    pnl: bigint,
    ref: PostingReference,
  ): void {
    const settlement = this.ledger.account(systemAccount(PERP_SETTLEMENT, h.available.asset));
    if (margin > 0n) this.ledger.move(h.held, h.available, margin, 'release', ref);
    if (pnl > 0n) this.ledger.move(settlement, h.available, pnl, 'pnl', ref);
    if (pnl >= 0n) return;
    const loss = -pnl;
    if (position.mode === 'cross') {
      this.take(h, settlement, loss, 'pnl', ref);
      return;
    }
    const fromMargin = loss < margin ? loss : margin;
    if (fromMargin > 0n) this.ledger.move(h.available, settlement, fromMargin, 'pnl', ref);
    if (loss > fromMargin) {
      const insurance = this.ledger.account(systemAccount('insurance_fund', h.available.asset));
      const covered = loss - fromMargin < insurance.balance ? loss - fromMargin : insurance.balance;
      if (covered > 0n) this.ledger.move(insurance, settlement, covered, 'liquidation', ref);
    }
  }

  /** The insurance fund's own position: its PnL between the fund and the settlement account. */
  private settleInsurance(market: PerpMarket, pnl: bigint, ref: PostingReference): void {
    const coin = market.margin.code;
    const settlement = this.ledger.account(systemAccount(PERP_SETTLEMENT, coin));
    const fund = this.ledger.account(systemAccount('insurance_fund', coin));
    if (pnl > 0n) this.ledger.move(settlement, fund, pnl, 'liquidation', ref);
    if (pnl < 0n) {
      // The fund never pays more than it has: the close was limited to what it can pay.
      const paid = -pnl < fund.balance ? -pnl : fund.balance;
      if (paid > 0n) this.ledger.move(fund, settlement, paid, 'liquidation', ref);
    }
  }

  private positionChanged(market: PerpMarket, position: Position, closed: boolean): void {
    if (!closed && position.mode === 'isolated' && position.user !== INSURANCE_OWNER) {
      position.liquidation = market.arithmetic.liquidationPrice(
        position.side,
        position.contracts,
        position.entry,
        position.margin,
        market.tiers,
      );
    } else position.liquidation = null;
    this.events.push({
      type: 'perp_position',
      user: position.user,
      symbol: market.spec.symbol,
      position: closed ? null : { ...position },
      closedId: closed ? position.id : null,
    });
  }

  private filled(order: PerpOrder): void {
    const market = this.market;
    market.live.delete(order.id);
    if (order.hold > 0n && order.user !== INSURANCE_OWNER) {
      this.ledger.release(this.holding(order.user), order.hold, this.orderRef(order.id));
      order.hold = 0n;
    }
    this.events.push({
      type: 'perp_order_done',
      orderId: order.id,
      symbol: market.spec.symbol,
      status: 'filled',
      reason: null,
      remaining: 0,
    });
  }

  /** Ends an order early and gives back everything it still held. */
  private finish(order: PerpOrder, reason: PerpCancelReason): void {
    const market = this.market;
    if (!market.book.remove(order)) market.stops = market.stops.filter((o) => o !== order);
    market.live.delete(order.id);
    if (order.hold > 0n && order.user !== INSURANCE_OWNER) {
      this.ledger.release(this.holding(order.user), order.hold, this.orderRef(order.id));
      order.hold = 0n;
    }
    this.events.push({
      type: 'perp_order_done',
      orderId: order.id,
      symbol: market.spec.symbol,
      status: 'cancelled',
      reason,
      remaining: order.remaining,
    });
  }

  /**
   * Reduce-only orders may only shrink the position: after it changed, those that would
   * now open one (the position closed or turned) go, newest first, until what they could
   * fill is no more than the position.
   */
  private trimReduceOnly(user: string): void {
    if (user === INSURANCE_OWNER) return;
    const market = this.market;
    const position = market.positions.get(user);
    const orders = [...market.live.values()]
      .filter((o) => o.user === user && o.reduceOnly)
      .sort((a, b) => b.id - a.id);
    if (orders.length === 0) return;
    let total = orders.reduce((sum, o) => sum + o.remaining, 0);
    for (const order of orders) {
      const reduces = position && position.side !== (order.side === 'buy' ? 'long' : 'short');
      if (reduces && total <= position.contracts) break;
      if (this.taker === order) continue;
      total -= order.remaining;
      this.finish(order, 'reduce_only');
    }
  }

  /** After trades: stops and take-profit/stop-loss watching the last price. */
  private afterTrades(): void {
    this.runTriggers('last');
  }

  /**
   * Fires stop orders and position triggers whose price was reached, oldest first, until a
   * pass fires none (a fill moves the last price and may fire more).
   */
  private runTriggers(source: PerpTrigger | 'both'): void {
    const market = this.market;
    for (let pass = 0; pass < 100; pass++) {
      let fired = false;
      const last = market.lastPrice;
      const mark = market.mark;
      const priceFor = (t: PerpTrigger) => (t === 'mark' ? mark : last);
      const watches = (t: PerpTrigger) => source === 'both' || source === t;
      const due = market.stops.filter((o) => {
        if (!watches(o.trigger)) return false;
        const p = priceFor(o.trigger);
        if (p <= 0n) return false;
        const stop = market.priceOf(o.stop);
        return o.side === 'buy' ? p >= stop : p <= stop;
      });
      for (const order of due) {
        market.stops = market.stops.filter((o) => o !== order);
        fired = true;
        this.events.push({ type: 'perp_triggered', orderId: order.id, symbol: market.spec.symbol });
        if (!order.reduceOnly && !this.topUp(order)) {
          this.finish(order, 'insufficient_balance');
          continue;
        }
        this.execute(order);
      }
      for (const position of [...market.positions.values()]) {
        const hit = this.positionTrigger(position, priceFor, watches);
        if (!hit) continue;
        fired = true;
        delete position.takeProfit;
        delete position.stopLoss;
        this.positionChanged(market, position, false);
        this.closeAtMarket(position, hit);
      }
      if (!fired) return;
    }
  }

  private positionTrigger(
    position: Position,
    priceFor: (t: PerpTrigger) => bigint,
    watches: (t: PerpTrigger) => boolean,
  ): PerpOrderSource | null {
    const long = position.side === 'long';
    const tp = position.takeProfit;
    if (tp && watches(tp.trigger)) {
      const p = priceFor(tp.trigger);
      if (p > 0n && (long ? p >= tp.price : p <= tp.price)) return 'take_profit';
    }
    const sl = position.stopLoss;
    if (sl && watches(sl.trigger)) {
      const p = priceFor(sl.trigger);
      if (p > 0n && (long ? p <= sl.price : p >= sl.price)) return 'stop_loss';
    }
    return null;
  }

  /**
   * A stop fired: its margin was held at its trigger; at the market's protection limit now
   * it may need more, held from the wallet if there, or the order cannot run.
   */
  private topUp(order: PerpOrder): boolean {
    const market = this.market;
    const price =
      order.kind === 'stop_limit'
        ? market.priceOf(order.price)
        : this.protected(market, order.side, market.mark);
    const need = this.holdFor(market, order, price);
    if (need <= order.hold) return true;
    const h = this.holding(order.user);
    if (h.available.balance - h.available.reserved < need - order.hold) return false;
    this.ledger.hold(h, need - order.hold, this.orderRef(order.id));
    order.hold = need;
    return true;
  }

  /** A reduce-only market order for the whole position, placed by the platform. */
  private closeAtMarket(position: Position, source: PerpOrderSource): void {
    const market = this.market;
    const order: PerpOrder = {
      id: this.nextOrderId++,
      slot: -1,
      user: position.user,
      symbol: market.spec.symbol,
      side: position.side === 'long' ? 'sell' : 'buy',
      kind: 'market',
      tif: 'IOC',
      price: 0,
      contracts: position.contracts,
      remaining: position.contracts,
      reduceOnly: true,
      stop: 0,
      trigger: 'mark',
      hold: 0n,
      leverage: position.leverage,
      mode: position.mode,
      source,
    };
    this.events.push({ type: 'perp_accepted', order: { ...order }, command: null });
    market.live.set(order.id, order);
    this.execute(order);
  }

  /**
   * A mass quote: cancels the user's open orders in the market, then places each order
   * post-only, each answered on its own (a refused one does not stop the others).
   */
  quote(
    user: string,
    symbol: string,
    orders: ReadonlyArray<{ side: Side; price: number; contracts: number }>,
    seq: number,
    ts: number,
    events: EngineEvent[],
  ): void {
    const market = this.markets.get(symbol);
    if (!market) {
      events.push({ type: 'rejected', reason: 'unknown_market' });
      return;
    }
    this.begin(market, ts, events);
    for (const order of [...market.live.values()]) {
      if (order.user === user) this.finish(order, 'user');
    }
    for (const o of orders) {
      this.place(
        {
          user,
          symbol,
          side: o.side,
          kind: 'limit',
          tif: 'POST_ONLY',
          price: o.price,
          contracts: o.contracts,
          reduceOnly: false,
          stop: 0,
          trigger: 'mark',
          source: 'user',
        },
        seq,
        ts,
        events,
      );
    }
  }

  /** The user's whole position, closed at market by a reduce-only order. */
  closePosition(user: string, symbol: string, ts: number, events: EngineEvent[]): void {
    const market = this.markets.get(symbol);
    const position = market?.positions.get(user);
    if (!market || !position) {
      events.push({ type: 'rejected', reason: 'no_position' });
      return;
    }
    if (market.paused) {
      events.push({ type: 'rejected', reason: 'market_paused' });
      return;
    }
    this.begin(market, ts, events);
    this.closeAtMarket(position, 'close');
    this.afterTrades();
  }

  /** A paused market takes cancels only; its positions are still marked and funded. */
  setPaused(symbol: string, paused: boolean, events: EngineEvent[]): void {
    const market = this.markets.get(symbol);
    if (!market) {
      events.push({ type: 'rejected', reason: 'unknown_market' });
      return;
    }
    market.paused = paused;
    events.push({ type: 'perp_state', symbol, paused });
  }

  // ------------------------------------------------------------------ the user's settings

  setLeverage(user: string, symbol: string, leverage: number, events: EngineEvent[]): void {
    const market = this.markets.get(symbol);
    if (!market) {
      events.push({ type: 'rejected', reason: 'unknown_market' });
      return;
    }
    if (!Number.isSafeInteger(leverage) || leverage < 1) {
      events.push({ type: 'rejected', reason: 'invalid_amount' });
      return;
    }
    const position = market.positions.get(user);
    const open = [...market.live.values()]
      .filter((o) => o.user === user && !o.reduceOnly)
      .reduce((n, o) => n + o.remaining, 0);
    const mark = market.mark > 0n ? market.mark : market.index;
    const notional = market.notional((position?.contracts ?? 0) + open, mark);
    if (leverage > maxLeverageFor(market.tiers, notional)) {
      events.push({ type: 'rejected', reason: 'leverage_too_high' });
      return;
    }
    const current = this.setting(user, symbol);
    this.settings.set(settingKey(user, symbol), { ...current, leverage });
    events.push({ type: 'perp_setting', user, symbol, leverage, mode: current.mode });
  }

  setMode(user: string, symbol: string, mode: MarginMode, events: EngineEvent[]): void {
    const market = this.markets.get(symbol);
    if (!market) {
      events.push({ type: 'rejected', reason: 'unknown_market' });
      return;
    }
    const busy =
      market.positions.has(user) || [...market.live.values()].some((o) => o.user === user);
    if (busy) {
      events.push({ type: 'rejected', reason: 'position_open' });
      return;
    }
    const current = this.setting(user, symbol);
    this.settings.set(settingKey(user, symbol), { ...current, mode });
    events.push({ type: 'perp_setting', user, symbol, leverage: current.leverage, mode });
  }

  /** Adds margin to an isolated position, or takes some back down to its initial margin. */
  adjustMargin(
    user: string,
    symbol: string,
    amount: bigint,
    add: boolean,
    ts: number,
    events: EngineEvent[],
  ): void {
    const market = this.markets.get(symbol);
    const position = market?.positions.get(user);
    if (!market || !position) {
      events.push({ type: 'rejected', reason: 'no_position' });
      return;
    }
    if (position.mode !== 'isolated') {
      events.push({ type: 'rejected', reason: 'invalid_order' });
      return;
    }
    if (amount <= 0n || amount > market.margin.maxAmount) {
      events.push({ type: 'rejected', reason: 'invalid_amount' });
      return;
    }
    const h = this.holding(user, market);
    if (add && h.available.balance - h.available.reserved < amount) {
      events.push({ type: 'rejected', reason: 'insufficient_balance' });
      return;
    }
    if (!add && amount > this.removableMargin(market, position)) {
      events.push({ type: 'rejected', reason: 'margin_too_low' });
      return;
    }
    this.begin(market, ts, events);
    const ref: PostingReference = { refKind: 'order', refId: `pm${position.id}`, ts };
    if (add) this.ledger.move(h.available, h.held, amount, 'hold', ref);
    else this.ledger.move(h.held, h.available, amount, 'release', ref);
    position.margin += add ? amount : -amount;
    this.positionChanged(market, position, false);
  }

  /** What may leave an isolated position: down to its initial margin at the mark, never into a loss. */
  removableMargin(market: PerpMarket, position: Position): bigint {
    const notional = market.notional(position.contracts, market.mark);
    const pnl = market.arithmetic.pnl(
      position.side,
      position.contracts,
      position.entry,
      market.mark,
    );
    const keep = initialMargin(notional, position.leverage) - (pnl < 0n ? pnl : 0n);
    return position.margin > keep ? position.margin - keep : 0n;
  }

  setTriggers(
    user: string,
    symbol: string,
    change: { takeProfit?: PriceTrigger | null; stopLoss?: PriceTrigger | null },
    events: EngineEvent[],
    ts: number,
  ): void {
    const market = this.markets.get(symbol);
    const position = market?.positions.get(user);
    if (!market || !position) {
      events.push({ type: 'rejected', reason: 'no_position' });
      return;
    }
    const long = position.side === 'long';
    const reference = (t: PerpTrigger) =>
      t === 'mark' ? market.mark : market.lastPrice || market.mark;
    const { takeProfit, stopLoss } = change;
    if (takeProfit) {
      const ref = reference(takeProfit.trigger);
      if (takeProfit.price <= 0n || (long ? takeProfit.price <= ref : takeProfit.price >= ref)) {
        events.push({ type: 'rejected', reason: 'invalid_price', field: 'takeProfitPrice' });
        return;
      }
    }
    if (stopLoss) {
      const ref = reference(stopLoss.trigger);
      if (stopLoss.price <= 0n || (long ? stopLoss.price >= ref : stopLoss.price <= ref)) {
        events.push({ type: 'rejected', reason: 'invalid_price', field: 'stopLossPrice' });
        return;
      }
    }
    this.begin(market, ts, events);
    if (takeProfit !== undefined) {
      if (takeProfit) position.takeProfit = takeProfit;
      else delete position.takeProfit;
    }
    if (stopLoss !== undefined) {
      if (stopLoss) position.stopLoss = stopLoss;
      else delete position.stopLoss;
    }
    this.positionChanged(market, position, false);
  }

  // ------------------------------------------------------------------ index, mark, liquidation

  /** An index tick of `underlying`: marks every perpetual on it, samples, triggers, liquidates. */
  onIndex(underlying: string, index: bigint, ts: number, events: EngineEvent[]): void {
    for (const market of this.markets.values()) {
      if (market.spec.underlying !== underlying) continue;
      this.begin(market, ts, events);
      market.index = index;
      const bid = market.book.bestPrice('buy');
      const ask = market.book.bestPrice('sell');
      if (bid !== undefined && ask !== undefined) {
        market.basis.add(ts, (market.priceOf(bid) + market.priceOf(ask)) / 2n, index);
      }
      market.mark = markPrice({
        index,
        lastPrice: market.lastPrice > 0n ? market.lastPrice : null,
        fundingRate: market.lastFundingRate ?? 0n,
        msToFunding: market.nextFundingTime - ts,
        intervalMs: market.spec.fundingIntervalMs,
        basis: market.basis.value(ts),
      });
      this.samplePremium(market, ts);
      if (market.paused) continue;
      this.runTriggers('mark');
      this.liquidate(market);
    }
  }

  private samplePremium(market: PerpMarket, ts: number): void {
    const minute = Math.floor(ts / 60_000);
    if (minute <= market.sampledMinute) return;
    market.sampledMinute = minute;
    const levels = (side: Side) =>
      market.book.depth(side, 200).map((l) => {
        const price = market.priceOf(l.price);
        return [price, market.arithmetic.baseAmount(l.lots, price)] as const;
      });
    const impactBid = impactPrice(levels('buy'), market.spec.impactNotional, market.baseScale);
    const impactAsk = impactPrice(levels('sell'), market.spec.impactNotional, market.baseScale);
    market.premiums.push(premiumIndex(impactBid, impactAsk, market.index));
  }

  /** The rate the next funding would pay if it ran now. */
  estimatedRate(market: PerpMarket): bigint {
    return fundingRate(
      averagePremium(market.premiums),
      market.spec.interestRate,
      market.spec.fundingCap,
    );
  }

  /**
   * Liquidates what the mark reached: isolated positions at their liquidation price, cross
   * accounts whose margin balance fell to their maintenance margin.
   */
  private liquidate(market: PerpMarket): void {
    const mark = market.mark;
    if (mark <= 0n) return;
    this.adlQueues.clear();
    const crossUsers = new Set<string>();
    const due: Position[] = [];
    for (const position of market.positions.values()) {
      if (position.user === INSURANCE_OWNER) continue;
      if (position.mode === 'cross') {
        crossUsers.add(position.user);
        continue;
      }
      const at = position.liquidation;
      if (at !== null && (position.side === 'long' ? mark <= at : mark >= at)) due.push(position);
    }
    for (const position of due) this.liquidateIsolated(market, position);
    const coin = market.margin.code;
    for (const user of crossUsers) {
      if (this.crossBreached(user, coin)) this.liquidateCross(user, coin);
    }
  }

  /**
   * Cross in one margin coin: margin balance (wallet available + cross margins + their PnL)
   * at or below maintenance.
   */
  private crossBreached(user: string, coin: string): boolean {
    let maintenance = 0n;
    let balance = 0n;
    let any: PerpMarket | undefined;
    for (const market of this.marketsIn(coin)) {
      const p = market.positions.get(user);
      if (!p || p.mode !== 'cross') continue;
      any = market;
      const notional = market.notional(p.contracts, market.mark);
      maintenance += maintenanceMargin(market.tiers, notional);
      balance += p.margin + market.arithmetic.pnl(p.side, p.contracts, p.entry, market.mark);
    }
    if (!any) return false;
    const available = this.ledger.account(this.holding(user, any).available.key);
    balance += available.balance - available.reserved + this.crossOrderHolds(user, coin);
    return balance <= maintenance;
  }

  private crossOrderHolds(user: string, coin: string): bigint {
    let sum = 0n;
    for (const market of this.marketsIn(coin)) {
      for (const o of market.live.values())
        if (o.user === user && o.mode === 'cross') sum += o.hold;
    }
    return sum;
  }

  private cancelOrdersOf(user: string, markets: readonly PerpMarket[]): void {
    for (const market of markets) {
      const previous = this.market;
      this.market = market;
      for (const order of [...market.live.values()]) {
        if (order.user === user) this.finish(order, 'liquidation');
      }
      this.market = previous;
    }
  }

  /**
   * An isolated position the mark reached: its orders go, the position closes at its
   * bankruptcy price (the margin pays the loss, what is left goes to the insurance fund),
   * and the fund takes it over at that price and closes it into the book.
   */
  private liquidateIsolated(market: PerpMarket, position: Position): void {
    this.cancelOrdersOf(position.user, [market]);
    // A position with a liquidation price has a bankruptcy price beyond it.
    const bankruptcy = market.arithmetic.bankruptcyPrice(
      position.side,
      position.contracts,
      position.entry,
      position.margin,
    )!;
    const ref: PostingReference = { refKind: 'trade', refId: `l${position.id}`, ts: this.ts };
    const h = this.holding(position.user);
    const coin = market.margin.code;
    const loss = -market.arithmetic.pnl(
      position.side,
      position.contracts,
      position.entry,
      bankruptcy,
    );
    const settlement = this.ledger.account(systemAccount(PERP_SETTLEMENT, coin));
    const fund = this.ledger.account(systemAccount('insurance_fund', coin));
    const paid = loss > 0n ? (loss < position.margin ? loss : position.margin) : 0n;
    if (paid > 0n) this.ledger.move(h.held, settlement, paid, 'liquidation', ref);
    if (position.margin > paid) {
      this.ledger.move(h.held, fund, position.margin - paid, 'liquidation', ref);
    }
    market.positions.delete(position.user);
    this.events.push({
      type: 'perp_liquidated',
      user: position.user,
      symbol: market.spec.symbol,
      positionId: position.id,
      side: position.side,
      contracts: position.contracts,
      price: bankruptcy,
      mark: market.mark,
      mode: 'isolated',
      margin: position.margin,
    });
    position.realised -= paid;
    this.positionChanged(market, position, true);
    this.takeOver(market, position.side, position.contracts, bankruptcy);
  }

  /**
   * A cross account at its maintenance margin: its orders go; every cross position closes at
   * the mark and whatever of the account's margin is left goes to the insurance fund (if the
   * losses went past it, the fund pays the rest): the same as each position closing at its
   * bankruptcy price. The fund takes the positions over at the mark.
   */
  private liquidateCross(user: string, coin: string): void {
    const markets = this.marketsIn(coin);
    this.cancelOrdersOf(user, markets);
    const h = this.holding(user, markets[0]);
    for (const market of markets) {
      const position = market.positions.get(user);
      if (!position || position.mode !== 'cross') continue;
      this.begin(market, this.ts, this.events);
      const ref: PostingReference = { refKind: 'trade', refId: `l${position.id}`, ts: this.ts };
      const pnl = market.arithmetic.pnl(
        position.side,
        position.contracts,
        position.entry,
        market.mark,
      );
      this.realise(h, position, position.margin, pnl, ref);
      market.positions.delete(user);
      this.events.push({
        type: 'perp_liquidated',
        user,
        symbol: market.spec.symbol,
        positionId: position.id,
        side: position.side,
        contracts: position.contracts,
        price: market.mark,
        mark: market.mark,
        mode: 'cross',
        margin: position.margin,
      });
      position.realised += pnl;
      this.positionChanged(market, position, true);
      this.takeOver(market, position.side, position.contracts, market.mark);
    }
    // What is left of the account's margin is the fund's.
    const left = h.available.balance - h.available.reserved;
    if (left > 0n) {
      this.ledger.move(
        h.available,
        this.ledger.account(systemAccount('insurance_fund', coin)),
        left,
        'liquidation',
        {
          refKind: 'trade',
          refId: `lx${user}`,
          ts: this.ts,
        },
      );
    }
  }

  /**
   * The insurance fund takes a position over at `price` and closes it into the book, as
   * far as it can pay for the slippage; what the book cannot take within that is
   * auto-deleveraged against the most profitable, most leveraged opposite positions.
   */
  private takeOver(
    market: PerpMarket,
    side: Position['side'],
    contracts: number,
    price: bigint,
  ): void {
    this.market = market;
    const fundPosition: Position = market.positions.get(INSURANCE_OWNER) ?? {
      id: this.nextOrderId,
      user: INSURANCE_OWNER,
      symbol: market.spec.symbol,
      side,
      contracts: 0,
      entry: price,
      margin: 0n,
      mode: 'cross',
      leverage: 1,
      realised: 0n,
      funding: 0n,
      openedAt: this.ts,
      liquidation: null,
    };
    if (fundPosition.contracts > 0 && fundPosition.side !== side) {
      // The fund already holds the other side: the two offset at `price` first.
      const offset = Math.min(contracts, fundPosition.contracts);
      const pnl = market.arithmetic.pnl(fundPosition.side, offset, fundPosition.entry, price);
      this.settleInsurance(market, pnl, {
        refKind: 'trade',
        refId: `i${fundPosition.id}`,
        ts: this.ts,
      });
      fundPosition.contracts -= offset;
      contracts -= offset;
      if (fundPosition.contracts === 0) market.positions.delete(INSURANCE_OWNER);
      if (contracts === 0) return;
    }
    if (fundPosition.contracts === 0 || fundPosition.side !== side) {
      fundPosition.side = side;
      fundPosition.entry = price;
      fundPosition.contracts = contracts;
    } else {
      fundPosition.entry = market.arithmetic.averageEntry(
        side,
        fundPosition.contracts,
        fundPosition.entry,
        contracts,
        price,
      );
      fundPosition.contracts += contracts;
    }
    market.positions.set(INSURANCE_OWNER, fundPosition);
    // The worst price the fund can pay for: where its balance, as the position's margin,
    // would be gone (none: it can pay for any price the band allows).
    const fund = this.ledger.balance(systemAccount('insurance_fund', market.margin.code));
    const worst = market.arithmetic.bankruptcyPrice(
      side,
      fundPosition.contracts,
      fundPosition.entry,
      fund,
    );
    const closing: Side = side === 'long' ? 'sell' : 'buy';
    const band = this.protected(market, closing, market.mark);
    const limitPrice =
      worst === null
        ? band
        : closing === 'sell'
          ? worst > band
            ? worst
            : band
          : worst < band
            ? worst
            : band;
    const limit = market.ticksOf(
      limitPrice > 0n ? limitPrice : market.spec.tickSize,
      closing === 'sell',
    );
    const order: PerpOrder = {
      id: this.nextOrderId++,
      slot: -1,
      user: INSURANCE_OWNER,
      symbol: market.spec.symbol,
      side: closing,
      kind: 'limit',
      tif: 'IOC',
      price: limit > 0 ? limit : 1,
      contracts: fundPosition.contracts,
      remaining: fundPosition.contracts,
      reduceOnly: true,
      stop: 0,
      trigger: 'mark',
      hold: 0n,
      leverage: 1,
      mode: 'cross',
      source: 'liquidation',
    };
    this.events.push({ type: 'perp_accepted', order: { ...order }, command: null });
    market.live.set(order.id, order);
    this.execute(order);
    const left = market.positions.get(INSURANCE_OWNER);
    if (left && left.contracts > 0) this.deleverage(market, left);
  }

  /**
   * Auto-deleveraging: what the fund could not close is closed against opposite positions
   * at the fund's entry (the bankruptcy price), the highest ADL rank first.
   */
  private deleverage(market: PerpMarket, fundPosition: Position): void {
    const opposite = fundPosition.side === 'long' ? 'short' : 'long';
    const key = `${market.spec.symbol}:${opposite}`;
    let ranked = this.adlQueues.get(key);
    if (!ranked) {
      ranked = [...market.positions.values()]
        .filter((p) => p.user !== INSURANCE_OWNER && p.side === opposite)
        .map((p) => ({ p, score: this.adlScoreOf(market, p) }))
        .sort((a, b) => (a.score === b.score ? a.p.id - b.p.id : a.score > b.score ? -1 : 1))
        .map((x) => x.p);
      this.adlQueues.set(key, ranked);
    }
    const price = fundPosition.entry;
    while (ranked.length > 0 && fundPosition.contracts > 0) {
      const p = ranked[0]!;
      // Closed or turned since the queue was ranked: no longer in it.
      if (p.contracts === 0 || p.side !== opposite || market.positions.get(p.user) !== p) {
        ranked.shift();
        continue;
      }
      const contracts = Math.min(fundPosition.contracts, p.contracts);
      const ref: PostingReference = { refKind: 'trade', refId: `a${p.id}`, ts: this.ts };
      const pnl = market.arithmetic.pnl(p.side, contracts, p.entry, price);
      const margin =
        contracts === p.contracts ? p.margin : (p.margin * BigInt(contracts)) / BigInt(p.contracts);
      p.margin -= margin;
      p.contracts -= contracts;
      p.realised += pnl;
      this.realise(this.holding(p.user), p, margin, pnl, ref);
      fundPosition.contracts -= contracts;
      this.events.push({
        type: 'perp_adl',
        user: p.user,
        symbol: market.spec.symbol,
        positionId: p.id,
        contracts,
        price,
      });
      if (p.contracts === 0) {
        market.positions.delete(p.user);
        this.positionChanged(market, p, true);
        ranked.shift();
      } else this.positionChanged(market, p, false);
      this.trimReduceOnly(p.user);
    }
    if (fundPosition.contracts === 0) market.positions.delete(INSURANCE_OWNER);
  }

  adlScoreOf(market: PerpMarket, p: Position): bigint {
    const pnl = market.arithmetic.pnl(p.side, p.contracts, p.entry, market.mark);
    const margin = p.mode === 'isolated' ? p.margin : p.margin > 0n ? p.margin : 1n;
    return adlScore(pnl, margin, market.notional(p.contracts, market.mark));
  }

  // ------------------------------------------------------------------ funding

  /**
   * One funding run of a market, at its scheduled time (once per time): the interval's
   * premium gives the rate; payers pay their notional at the mark × rate, receivers share
   * exactly that, through the settlement account, so it nets to zero.
   */
  fund(symbol: string, time: number, ts: number, events: EngineEvent[]): void {
    const market = this.markets.get(symbol);
    if (!market) {
      events.push({ type: 'rejected', reason: 'unknown_market' });
      return;
    }
    const ref = `${symbol}:${time}`;
    if (this.fundingRefs.has(ref)) {
      events.push({ type: 'rejected', reason: 'duplicate_reference' });
      return;
    }
    if (time > ts || market.mark <= 0n) {
      events.push({ type: 'rejected', reason: 'not_due' });
      return;
    }
    this.begin(market, ts, events);
    this.fundingRefs.add(ref);
    const rate = this.estimatedRate(market);
    const mark = market.mark;
    const positions = [...market.positions.values()];
    const transfers = fundingShares(
      positions.map((p) => ({
        id: p.user,
        side: p.side,
        notional: market.notional(p.contracts, mark),
      })),
      rate,
    );
    const coin = market.margin.code;
    const settlement = this.ledger.account(systemAccount(PERP_SETTLEMENT, coin));
    const postingRef: PostingReference = { refKind: 'order', refId: `f${ref}`, ts };
    const payments: Array<{
      user: string;
      positionId: number;
      side: Position['side'];
      contracts: number;
      amount: bigint;
    }> = [];
    // Payers first, so the settlement account has what receivers get.
    const ordered = [...positions].sort((a, b) => {
      const x = transfers.get(a.user) ?? 0n;
      const y = transfers.get(b.user) ?? 0n;
      return x === y ? 0 : x < y ? -1 : 1;
    });
    for (const p of ordered) {
      const amount = transfers.get(p.user) ?? 0n;
      if (amount === 0n) continue;
      if (p.user === INSURANCE_OWNER) {
        const fund = this.ledger.account(systemAccount('insurance_fund', coin));
        if (amount > 0n) this.ledger.move(settlement, fund, amount, 'funding', postingRef);
        else
          this.ledger.move(
            fund,
            settlement,
            -amount < fund.balance ? -amount : fund.balance,
            'funding',
            postingRef,
          );
      } else {
        const h = this.holding(p.user);
        if (amount > 0n) {
          if (p.mode === 'isolated') {
            this.ledger.move(settlement, h.held, amount, 'funding', postingRef);
            p.margin += amount;
          } else this.ledger.move(settlement, h.available, amount, 'funding', postingRef);
        } else {
          const owed = -amount;
          if (p.mode === 'isolated') {
            const paid = owed < p.margin ? owed : p.margin;
            if (paid > 0n) this.ledger.move(h.held, settlement, paid, 'funding', postingRef);
            p.margin -= paid;
          } else this.take(h, settlement, owed, 'funding', postingRef);
        }
      }
      p.funding += amount;
      payments.push({
        user: p.user,
        positionId: p.id,
        side: p.side,
        contracts: p.contracts,
        amount,
      });
      if (p.user !== INSURANCE_OWNER) this.positionChanged(market, p, false);
    }
    market.lastFundingRate = rate;
    market.premiums = [];
    while (market.nextFundingTime <= time) market.nextFundingTime += market.spec.fundingIntervalMs;
    events.push({ type: 'perp_funding', symbol, time, rate, mark, payments });
    this.liquidate(market);
  }

  // ------------------------------------------------------------------ accounts

  /**
   * The owner's contract wallet in a market's margin coin (the market being worked on when
   * none is named): USDT for linear markets, the base coin for inverse ones.
   */
  holding(owner: string, market: PerpMarket = this.market): Holding {
    return this.ledger.holding(owner, market.margin.code, 'contract');
  }

  /** The markets margined in `coin`: one cross account spans them. */
  private marketsIn(coin: string): PerpMarket[] {
    return [...this.markets.values()].filter((m) => m.margin.code === coin);
  }

  private inEngine(h: Holding): boolean {
    return this.ledger.engineHolds && h.available.marketMaking;
  }

  private orderRef(id: number): PostingReference {
    const ref = this.ref;
    ref.refId = `p${id}`;
    ref.ts = this.ts;
    return ref;
  }

  /** The margin in use of a cross account in `coin` at the mark (for the account view). */
  crossMarginOf(user: string, coin: string): bigint {
    let wallet = this.ledger.available(user, coin, 'contract');
    const others: Array<{ maintenance: bigint; unrealisedPnl: bigint }> = [];
    for (const market of this.marketsIn(coin)) {
      const p = market.positions.get(user);
      if (!p || p.mode !== 'cross') continue;
      wallet += p.margin;
      others.push({
        maintenance: maintenanceMargin(market.tiers, market.notional(p.contracts, market.mark)),
        unrealisedPnl: market.arithmetic.pnl(p.side, p.contracts, p.entry, market.mark),
      });
    }
    return crossMargin(wallet, others);
  }
}

function settingKey(user: string, symbol: string): string {
  return `${user}\u0000${symbol}`;
}
