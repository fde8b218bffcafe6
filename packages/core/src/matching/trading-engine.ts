import type { Side } from '../book/order-book.ts';
import type { Asset } from '../ledger/assets.ts';
import { Ledger } from '../ledger/ledger.ts';
import type { CommandResult, EngineEvent } from './events.ts';
import { commandType } from '../engine/registry.ts';
import type { EngineCommand, OrderKind, TimeInForce } from './commands.ts';
import { Market, type MarketSpec } from './market.ts';
import { MarketEngine, type LiveOrder, type TradeCounter } from './market-engine.ts';
import { heldBy } from './live-order.ts';
import { digest } from './state-hash.ts';

export interface EngineConfig {
  assets: Asset[];
  markets: MarketSpec[];
}

export interface SnapshotOrder {
  id: number;
  user: string;
  side: Side;
  kind: OrderKind;
  tif: TimeInForce;
  price: number;
  lots: number;
  remaining: number;
  stop: number;
  hold: string;
  /** In the book (true) or waiting for its stop (false). */
  resting: boolean;
}

/** Everything needed to continue exactly where the engine stood after command `seq`. */
export interface EngineSnapshot {
  version: 1;
  seq: number;
  nextTradeId: number;
  nextPostingId: number;
  balances: Array<[string, string]>;
  markets: Array<{
    symbol: string;
    lastPrice: number;
    orders: SnapshotOrder[];
    /** Left out before the first index tick, so older snapshots read as before. */
    index?: string;
  }>;
  /**
   * Every deposit reference credited so far, sorted; left out while there is none, so a
   * snapshot (and the state hash) of an engine without deposits reads as before.
   */
  depositRefs?: string[];
  /** Every adjustment reference applied so far, sorted; left out while there is none. */
  adjustmentRefs?: string[];
}

/**
 * The trading core of one ledger: its markets and their shared balances. Commands apply
 * strictly in sequence; the same commands always give the same events, postings and
 * state hash.
 */
export class TradingEngine {
  readonly ledger: Ledger;
  readonly markets = new Map<string, MarketEngine>();
  private readonly assets = new Map<string, Asset>();
  private readonly trades: TradeCounter;
  /** A deposit is credited once per reference, whatever retries or restarts send. */
  readonly depositRefs: Set<string>;
  /** An operator's adjustment applies once per reference. */
  readonly adjustmentRefs: Set<string>;
  private seqNo: number;

  constructor(config: EngineConfig, snapshot?: EngineSnapshot) {
    for (const asset of config.assets) this.assets.set(asset.code, asset);
    this.ledger = snapshot
      ? Ledger.restore(
          snapshot.balances.map(([k, v]) => [k, BigInt(v)]),
          snapshot.nextPostingId,
        )
      : new Ledger();
    this.trades = { next: snapshot?.nextTradeId ?? 1 };
    this.depositRefs = new Set(snapshot?.depositRefs);
    this.adjustmentRefs = new Set(snapshot?.adjustmentRefs);
    this.seqNo = snapshot?.seq ?? 0;
    for (const spec of config.markets) {
      if (!this.assets.has(spec.base.code) || !this.assets.has(spec.quote.code)) {
        throw new Error(`${spec.symbol}: base and quote must be configured assets`);
      }
      this.markets.set(spec.symbol, new MarketEngine(new Market(spec), this.ledger, this.trades));
    }
    for (const saved of snapshot?.markets ?? []) {
      const engine = this.markets.get(saved.symbol);
      if (!engine) throw new Error(`snapshot names unknown market ${saved.symbol}`);
      engine.lastPrice = saved.lastPrice;
      engine.indexPrice = BigInt(saved.index ?? 0);
      for (const { resting, hold, ...o } of saved.orders) {
        const order: LiveOrder = { ...o, slot: -1, quote: 0n, wallet: engine.wallet(o.user) };
        // The hold follows from the order; a snapshot that disagrees is damaged.
        if (heldBy(engine.market, order) !== BigInt(hold)) {
          throw new Error(`snapshot order ${o.id} holds ${hold}, not what its size implies`);
        }
        engine.live.set(order.id, order);
        if (resting) engine.book.add(order, o.side, o.price, o.remaining);
        else engine.stops.push(order);
      }
    }
  }

  /** The sequence number of the last applied command. */
  get seq(): number {
    return this.seqNo;
  }

  asset(code: string): Asset | undefined {
    return this.assets.get(code);
  }

  market(symbol: string): MarketEngine | undefined {
    return this.markets.get(symbol);
  }

  apply(cmd: EngineCommand): CommandResult {
    if (cmd.seq !== this.seqNo + 1) {
      throw new Error(`command ${cmd.seq} out of sequence after ${this.seqNo}`);
    }
    this.seqNo = cmd.seq;
    const events: EngineEvent[] = [];
    commandType(cmd).apply(this, cmd, events);
    return { seq: cmd.seq, ts: cmd.ts, events, postings: this.ledger.drain() };
  }

  snapshot(): EngineSnapshot {
    const depositRefs = [...this.depositRefs].sort();
    const adjustmentRefs = [...this.adjustmentRefs].sort();
    return {
      version: 1,
      seq: this.seqNo,
      nextTradeId: this.trades.next,
      nextPostingId: this.ledger.nextPostingId,
      balances: this.ledger.entries().map(([k, v]) => [k, v.toString()]),
      markets: [...this.markets.values()].map((engine) => ({
        symbol: engine.market.spec.symbol,
        lastPrice: engine.lastPrice,
        orders: [
          ...[...engine.book.orders()].map((o) => snapshotOrder(engine.market, o.entry, true)),
          ...engine.stops.map((o) => snapshotOrder(engine.market, o, false)),
        ],
        ...(engine.indexPrice > 0n ? { index: engine.indexPrice.toString() } : {}),
      })),
      ...(depositRefs.length > 0 ? { depositRefs } : {}),
      ...(adjustmentRefs.length > 0 ? { adjustmentRefs } : {}),
    };
  }

  /** Equal for two engines exactly when their balances, books and counters are equal. */
  stateHash(): string {
    return digest(JSON.stringify(this.snapshot()));
  }
}

function snapshotOrder(m: Market, o: LiveOrder, resting: boolean): SnapshotOrder {
  return {
    id: o.id,
    user: o.user,
    side: o.side,
    kind: o.kind,
    tif: o.tif,
    price: o.price,
    lots: o.lots,
    remaining: o.remaining,
    stop: o.stop,
    hold: heldBy(m, o).toString(),
    resting,
  };
}
