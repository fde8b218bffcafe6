import type { Side } from '../book/order-book.ts';
import type { Asset } from '../ledger/assets.ts';
import { Ledger } from '../ledger/ledger.ts';
import type { CommandResult, EngineEvent } from './events.ts';
import { ClientOrderIds, type ClientOrderIdsSnapshot } from './client-order-ids.ts';
import { commandType } from '../engine/registry.ts';
import type {
  EngineCommand,
  MarginWalletName,
  MarketState,
  OrderKind,
  TimeInForce,
} from './commands.ts';
import { Market, type MarketSpec } from './market.ts';
import { MarketEngine, type LiveOrder, type TradeCounter } from './market-engine.ts';
import { heldBy, holdingOf } from './live-order.ts';
import { digest } from './state-hash.ts';
import { SecondsBook, type OpenContract } from '../seconds/book.ts';
import { winAmount } from '../seconds/outcome.ts';
import { EarnBook, type SnapshotEarnPosition } from '../earn/book.ts';
import { PerpsEngine } from '../perps/engine.ts';
import { restorePerps, snapshotPerps, type PerpsSnapshot } from '../perps/snapshot.ts';
import { MarginEngine } from '../margin/engine.ts';
import { restoreMargin, snapshotMargin, type MarginSnapshot } from '../margin/snapshot.ts';

/**
 * What an engine trades from its first command on. Assets and markets listed later come
 * through journalled commands (`list-asset`, `list-market`) and the snapshot keeps them.
 */
export interface EngineConfig {
  assets: Asset[];
  markets: MarketSpec[];
}

/** An asset listed by command, as a snapshot writes it. */
export interface SnapshotAsset {
  code: string;
  decimals: number;
  maxAmount: string;
}

/** A market listed by command, as listed (its fees then), with its assets by code. */
export interface SnapshotMarketSpec {
  symbol: string;
  base: string;
  quote: string;
  tickSize: string;
  lotSize: string;
  minNotional: string;
  maxOrderLots: number;
  maxPriceTicks: number;
  makerFeeBps: number;
  takerFeeBps: number;
  bandBps: number;
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
  /** A margin account's order; absent for the spot wallet (and in older snapshots). */
  account?: MarginWalletName;
  /** Its fills repay the account's loan (absent: they do not, and in older snapshots). */
  autoRepay?: true;
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
    /** Set only while trading is paused. */
    paused?: true;
    /** Maker and taker basis points, set only once they differ from the listing's. */
    fees?: [maker: number, taker: number];
  }>;
  /**
   * Every deposit reference credited so far, sorted; left out while there is none, so a
   * snapshot (and the state hash) of an engine without deposits reads as before.
   */
  depositRefs?: string[];
  /** Every adjustment reference applied so far, sorted; left out while there is none. */
  adjustmentRefs?: string[];
  /**
   * Assets and markets listed by command after the configured ones, in listing order;
   * left out while there is none, so snapshots from before listings read as before.
   */
  listedAssets?: SnapshotAsset[];
  listedMarkets?: SnapshotMarketSpec[];
  /** Every fee change reference applied so far, sorted; left out while there is none. */
  feeRefs?: string[];
  /** Every withdrawal step reference applied so far, sorted; left out while there is none. */
  withdrawalRefs?: string[];
  /** Every wallet transfer reference applied so far, sorted; left out while there is none. */
  transferRefs?: string[];
  /** The client order ids still taken; left out while there is none. */
  clientOrderIds?: ClientOrderIdsSnapshot;
  /** Every swap reference settled so far, sorted; left out while there is none. */
  swapRefs?: string[];
  /**
   * Each market's last index tick (command sequence and time), by symbol, and the open
   * second contracts by id; each left out while there is none.
   */
  indexTicks?: Array<[market: string, seq: number, ts: number]>;
  secondContracts?: SnapshotContract[];
  /** Earn positions, open and closed, by id; left out while there is none. */
  earnPositions?: SnapshotEarnPosition[];
  /**
   * Set once market-making holds stay in the engine (the `maker-holds` command); what
   * they reserve follows from the open orders. Left out before, so older snapshots (and
   * state hashes) read as before.
   */
  makerHoldsInEngine?: true;
  /** Set once trades between two market-making accounts charge no fee (maker-holds v2). */
  makerTradesFeeFree?: true;
  /** Perpetual markets, orders, positions and settings; left out while none is listed. */
  perps?: PerpsSnapshot;
  /** Spot margin: pools, pairs, loans and settings; left out while none is configured. */
  margin?: MarginSnapshot;
}

/** An open second contract with its amounts as integer text. */
export type SnapshotContract = Omit<OpenContract, 'stake' | 'charge' | 'openPrice'> & {
  stake: string;
  charge: string;
  openPrice: string;
};

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
  /** A scheduled fee change applies once per reference. */
  readonly feeRefs: Set<string>;
  /** A withdrawal's hold, release and payout each apply once per reference. */
  readonly withdrawalRefs: Set<string>;
  /** A user's transfer between their wallets applies once per reference. */
  readonly transferRefs: Set<string>;
  /** The callers' own order ids, unique per user among open and recent orders. */
  readonly clientOrderIds: ClientOrderIds;
  /** A swap settles once per reference (its quote). */
  readonly swapRefs: Set<string>;
  /** Open second contracts, by id and by expiry, and each market's last index tick. */
  readonly seconds = new SecondsBook();
  /** Earn positions: what each is owed and how many of its days are paid. */
  readonly earn: EarnBook;
  /** Perpetual contracts: their books, positions, funding and liquidations. */
  readonly perps: PerpsEngine;
  /** Spot margin: lending pools, loans, interest and margin levels. */
  readonly margin: MarginEngine;
  /** Each market's spec as it was listed (its fees then): what a snapshot compares with. */
  private readonly listings = new Map<string, MarketSpec>();
  /** Listed by command, in order, after the configured ones. */
  private readonly listedAssets: Asset[] = [];
  private readonly listedMarkets: MarketSpec[] = [];
  private seqNo: number;

  constructor(config: EngineConfig, snapshot?: EngineSnapshot) {
    for (const asset of config.assets) this.assets.set(asset.code, asset);
    for (const saved of snapshot?.listedAssets ?? []) {
      this.listAsset({ ...saved, maxAmount: BigInt(saved.maxAmount) });
    }
    this.ledger = snapshot
      ? Ledger.restore(
          snapshot.balances.map(([k, v]) => [k, BigInt(v)]),
          snapshot.nextPostingId,
        )
      : new Ledger();
    if (snapshot?.makerHoldsInEngine) this.ledger.engineHolds = true;
    if (snapshot?.makerTradesFeeFree) this.ledger.makerTradesFeeFree = true;
    this.trades = { next: snapshot?.nextTradeId ?? 1 };
    this.depositRefs = new Set(snapshot?.depositRefs);
    this.adjustmentRefs = new Set(snapshot?.adjustmentRefs);
    this.feeRefs = new Set(snapshot?.feeRefs);
    this.withdrawalRefs = new Set(snapshot?.withdrawalRefs);
    this.transferRefs = new Set(snapshot?.transferRefs);
    this.clientOrderIds = new ClientOrderIds(snapshot?.clientOrderIds);
    this.swapRefs = new Set(snapshot?.swapRefs);
    this.earn = new EarnBook(snapshot?.earnPositions);
    this.perps = new PerpsEngine(this.ledger);
    this.margin = new MarginEngine(
      this.ledger,
      this.markets,
      (code) => this.assets.get(code),
      (asset) => this.earn.productsOf(asset),
    );
    this.seqNo = snapshot?.seq ?? 0;
    for (const [market, seq, ts] of snapshot?.indexTicks ?? []) {
      this.seconds.ticks.set(market, { seq, ts });
    }
    for (const c of snapshot?.secondContracts ?? []) {
      const contract = {
        ...c,
        stake: BigInt(c.stake),
        charge: BigInt(c.charge),
        openPrice: BigInt(c.openPrice),
      };
      this.seconds.add(contract, winAmount(contract));
    }
    for (const spec of config.markets) this.addMarket(spec);
    for (const saved of snapshot?.listedMarkets ?? []) {
      const asset = (code: string) => {
        const known = this.assets.get(code);
        if (!known) throw new Error(`snapshot market ${saved.symbol} names unknown asset ${code}`);
        return known;
      };
      this.listMarket({
        ...saved,
        base: asset(saved.base),
        quote: asset(saved.quote),
        tickSize: BigInt(saved.tickSize),
        lotSize: BigInt(saved.lotSize),
        minNotional: BigInt(saved.minNotional),
      });
    }
    for (const saved of snapshot?.markets ?? []) {
      const engine = this.markets.get(saved.symbol);
      if (!engine) throw new Error(`snapshot names unknown market ${saved.symbol}`);
      engine.lastPrice = saved.lastPrice;
      engine.indexPrice = BigInt(saved.index ?? 0);
      if (saved.paused) engine.paused = true;
      if (saved.fees) engine.market.setFees(...saved.fees);
      for (const { resting, hold, ...o } of saved.orders) {
        const order: LiveOrder = {
          ...o,
          slot: -1,
          quote: 0n,
          wallet: engine.wallet(o.user, o.account),
        };
        // The hold follows from the order; a snapshot that disagrees is damaged.
        if (heldBy(engine.market, order) !== BigInt(hold)) {
          throw new Error(`snapshot order ${o.id} holds ${hold}, not what its size implies`);
        }
        engine.live.set(order.id, order);
        // A hold kept in the engine is rebuilt from its order, as it was placed.
        if (this.ledger.engineHolds && order.wallet.base.available.marketMaking) {
          this.ledger.reserve(holdingOf(order).available, BigInt(hold));
        }
        if (resting) engine.book.add(order, o.side, o.price, o.remaining);
        else engine.stops.push(order);
      }
    }
    if (snapshot?.perps) {
      restorePerps(this.perps, snapshot.perps, (code) => this.assets.get(code), this.ledger);
    }
    if (snapshot?.margin) restoreMargin(this.margin, snapshot.margin);
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

  /** Every asset: the configured ones, then those listed since, in listing order. */
  assetList(): Asset[] {
    return [...this.assets.values()];
  }

  /** What the engine trades now: every asset, and every market with its current fees. */
  catalogue(): EngineConfig {
    return {
      assets: this.assetList(),
      markets: [...this.markets.values()].map((m) => ({ ...m.market.spec })),
    };
  }

  /** Lists an asset (a `list-asset` command, checked by it). */
  listAsset(asset: Asset): void {
    if (this.assets.has(asset.code)) throw new Error(`asset ${asset.code} is listed twice`);
    this.assets.set(asset.code, asset);
    this.listedAssets.push(asset);
  }

  /**
   * Lists a market between two listed assets (a `list-market` command, checked by it);
   * throws a RangeError for a spec no market can trade with.
   */
  listMarket(spec: MarketSpec, state: MarketState = 'trading'): MarketEngine {
    const engine = this.addMarket(spec);
    this.listedMarkets.push(spec);
    engine.paused = state === 'paused';
    return engine;
  }

  private addMarket(spec: MarketSpec): MarketEngine {
    if (this.markets.has(spec.symbol)) throw new Error(`market ${spec.symbol} is listed twice`);
    if (!this.assets.has(spec.base.code) || !this.assets.has(spec.quote.code)) {
      throw new Error(`${spec.symbol}: base and quote must be configured assets`);
    }
    const engine = new MarketEngine(new Market(spec), this.ledger, this.trades);
    engine.repayFromFill = (order, asset, amount, events, ts) =>
      this.margin.repayFromFill(order.user, order.account!, asset, amount, ts, events);
    this.markets.set(spec.symbol, engine);
    this.listings.set(spec.symbol, spec);
    return engine;
  }

  apply(cmd: EngineCommand): CommandResult {
    if (cmd.seq !== this.seqNo + 1) {
      throw new Error(`command ${cmd.seq} out of sequence after ${this.seqNo}`);
    }
    this.seqNo = cmd.seq;
    const events: EngineEvent[] = [];
    commandType(cmd).apply(this, cmd, events);
    this.clientOrderIds.observe(events, cmd.ts);
    return { seq: cmd.seq, ts: cmd.ts, events, postings: this.ledger.drain() };
  }

  snapshot(): EngineSnapshot {
    const depositRefs = [...this.depositRefs].sort();
    const adjustmentRefs = [...this.adjustmentRefs].sort();
    const feeRefs = [...this.feeRefs].sort();
    const withdrawalRefs = [...this.withdrawalRefs].sort();
    const transferRefs = [...this.transferRefs].sort();
    const clientOrderIds = this.clientOrderIds.snapshot();
    const swapRefs = [...this.swapRefs].sort();
    const indexTicks = [...this.seconds.ticks]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([market, t]): [string, number, number] => [market, t.seq, t.ts]);
    const contracts = this.seconds.list();
    const earnPositions = this.earn.snapshot();
    const perps = snapshotPerps(this.perps);
    const margin = snapshotMargin(this.margin);
    return {
      version: 1,
      seq: this.seqNo,
      nextTradeId: this.trades.next,
      nextPostingId: this.ledger.nextPostingId,
      balances: this.ledger.entries().map(([k, v]) => [k, v.toString()]),
      markets: [...this.markets.values()].map((engine) => {
        const { spec } = engine.market;
        const listing = this.listings.get(spec.symbol)!;
        const feesChanged =
          spec.makerFeeBps !== listing.makerFeeBps || spec.takerFeeBps !== listing.takerFeeBps;
        return {
          symbol: spec.symbol,
          lastPrice: engine.lastPrice,
          orders: [
            ...[...engine.book.orders()].map((o) => snapshotOrder(engine.market, o.entry, true)),
            ...engine.stops.map((o) => snapshotOrder(engine.market, o, false)),
          ],
          ...(engine.indexPrice > 0n ? { index: engine.indexPrice.toString() } : {}),
          ...(engine.paused ? { paused: true as const } : {}),
          ...(feesChanged
            ? { fees: [spec.makerFeeBps, spec.takerFeeBps] as [number, number] }
            : {}),
        };
      }),
      ...(depositRefs.length > 0 ? { depositRefs } : {}),
      ...(adjustmentRefs.length > 0 ? { adjustmentRefs } : {}),
      ...(this.listedAssets.length > 0
        ? {
            listedAssets: this.listedAssets.map((a) => ({
              code: a.code,
              decimals: a.decimals,
              maxAmount: a.maxAmount.toString(),
            })),
          }
        : {}),
      ...(this.listedMarkets.length > 0
        ? { listedMarkets: this.listedMarkets.map(snapshotSpec) }
        : {}),
      ...(feeRefs.length > 0 ? { feeRefs } : {}),
      ...(withdrawalRefs.length > 0 ? { withdrawalRefs } : {}),
      ...(transferRefs.length > 0 ? { transferRefs } : {}),
      ...(clientOrderIds ? { clientOrderIds } : {}),
      ...(swapRefs.length > 0 ? { swapRefs } : {}),
      ...(indexTicks.length > 0 ? { indexTicks } : {}),
      ...(this.ledger.engineHolds ? { makerHoldsInEngine: true as const } : {}),
      ...(this.ledger.makerTradesFeeFree ? { makerTradesFeeFree: true as const } : {}),
      ...(contracts.length > 0
        ? {
            secondContracts: contracts.map((c) => ({
              ...c,
              stake: c.stake.toString(),
              charge: c.charge.toString(),
              openPrice: c.openPrice.toString(),
            })),
          }
        : {}),
      ...(earnPositions.length > 0 ? { earnPositions } : {}),
      ...(perps ? { perps } : {}),
      ...(margin ? { margin } : {}),
    };
  }

  /** Equal for two engines exactly when their balances, books and counters are equal. */
  stateHash(): string {
    return digest(JSON.stringify(this.snapshot()));
  }
}

function snapshotSpec(spec: MarketSpec): SnapshotMarketSpec {
  return {
    symbol: spec.symbol,
    base: spec.base.code,
    quote: spec.quote.code,
    tickSize: spec.tickSize.toString(),
    lotSize: spec.lotSize.toString(),
    minNotional: spec.minNotional.toString(),
    maxOrderLots: spec.maxOrderLots,
    maxPriceTicks: spec.maxPriceTicks,
    makerFeeBps: spec.makerFeeBps,
    takerFeeBps: spec.takerFeeBps,
    bandBps: spec.bandBps,
  };
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
    ...(o.account ? { account: o.account } : {}),
    ...(o.autoRepay ? { autoRepay: true as const } : {}),
  };
}
