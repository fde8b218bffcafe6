import {
  type MarginEngine,
  type MarginOp,
  type MarginWalletName,
  type PerpOp,
  type PerpsEngine,
  PostingBatch,
  readAmount,
  readOrderRequest,
  type TradingEngine,
  type Asset,
  type CommandResult,
  type DepositSource,
  type EngineCommand,
  type EngineEvent,
  type MarketSpec,
  type MarketState,
  type OpenContract,
  type OrderRequest,
  type RejectReason,
  type RequestRejection,
  type TransferWallet,
  type Wallet,
  type WithdrawalSink,
  type WithdrawalStep,
} from '@meridian/core';
import {
  balanceView,
  depthView,
  openOrderViews,
  orderView,
  type BalanceView,
  type DepthView,
  type OrderView,
} from './state-views.ts';

/**
 * What a command came to. `seq` is null when the request was refused before it was
 * sequenced (malformed amounts, unknown market); then nothing was journalled.
 */
export interface Ack {
  seq: number | null;
  /** When the command was sequenced; null with `seq`. */
  ts: number | null;
  events: EngineEvent[];
  postings: CommandResult['postings'];
}

export type Unsequenced<C> = C extends EngineCommand ? Omit<C, 'seq' | 'ts'> : never;

/**
 * The trading engine as the platform's modules have it, in whichever process they run:
 * its state to read, kept in memory, and its commands. In the process that leads it is
 * the engine itself (`EngineHost`: it sequences, journals and projects each command); in
 * an API process it is a replica that follows the leader's journal, and its commands go
 * to the leader (`EngineFollower`). Either way a command's acknowledgement means it is
 * durable, and `onDurable` sees every durable result in sequence order.
 */
export abstract class EngineFront {
  protected readonly listeners = new Set<(results: readonly CommandResult[]) => void>();

  protected constructor(
    protected engine: TradingEngine,
    private readonly clockFn: () => number,
    private readonly onListenerError?: (error: unknown) => void,
  ) {}

  /** The sequence number of the last command applied here. */
  get seq(): number {
    return this.engine.seq;
  }

  /**
   * Whether this process sequences the commands and projects their results, and so runs
   * the platform's scheduled and start-up work (index ticks, jobs, recoveries, demo
   * seeds); false in an API process (ROLE=api), whose commands go to the leader.
   */
  abstract readonly leads: boolean;

  /** Sequences a command in its integer form; resolves once it is durable. */
  abstract submit(fields: Unsequenced<EngineCommand>): Promise<Ack>;

  /**
   * Resolves once every result acknowledged so far is in the SQL query tables: a caller
   * that reads them right after an acknowledgement (the spot calls) sees its own order.
   */
  abstract projected(): Promise<void>;

  /** Where the engine stood when it opened here (logged, and checked in tests). */
  abstract readonly restored: { seq: number; stateHash: string };

  /**
   * The durable results since the engine opened with a sequence number above `seq`, for
   * a module projecting engine events itself. Call it in the same turn as `onDurable`, so
   * none falls between.
   */
  abstract resultsSince(seq: number): readonly CommandResult[];

  /**
   * For a module that projects engine events into its own tables: snapshots (which prune
   * the journal) wait until `reached()` has passed them, so a restart can always replay
   * what the module had not yet written.
   */
  abstract holdSnapshotsFor(reached: () => number): void;

  /** Called once every module has started: nobody needs the early results since. */
  abstract forgetEarlyResults(): void;

  abstract close(): Promise<void>;

  placeOrder(
    request: OrderRequest & {
      wallet?: MarginWalletName;
      autoBorrow?: boolean;
      autoRepay?: boolean;
    },
  ): Promise<Ack> {
    const read = readOrderRequest(this.engine.market(request.market)?.market, request);
    if (!read.ok) return refused(read.reason, read.field);
    // A margin account's order (the engine checks the account may trade this market), and
    // whether it borrows what it lacks and repays from its fills.
    return this.submit({
      type: 'place',
      ...read.fields,
      ...(request.wallet !== undefined ? { wallet: request.wallet } : {}),
      ...(request.autoBorrow ? { autoBorrow: true } : {}),
      ...(request.autoRepay ? { autoRepay: true } : {}),
    });
  }

  cancelOrder(user: string, market: string, orderId: number): Promise<Ack> {
    if (!this.engine.market(market)) return refused('unknown_market', 'market');
    if (!Number.isSafeInteger(orderId) || orderId <= 0) return refused('order_not_open', 'orderId');
    return this.submit({ type: 'cancel', user, market, orderId });
  }

  /** Credits a user (a confirmed deposit) from the account mirroring where it came from. */
  deposit(
    user: string,
    asset: string,
    amount: string,
    ref: string,
    source: DepositSource = 'platform_float',
  ): Promise<Ack> {
    const known = this.engine.asset(asset);
    if (!known) return refused('unknown_asset', 'asset');
    const read = readAmount(known, amount);
    if (!read.ok) return refused(read.reason, 'amount');
    if (read.units === 0n) return refused('zero', 'amount');
    return this.submit({ type: 'deposit', user, asset, amount: read.units, ref, source });
  }

  /**
   * Keeps market-making accounts' order holds in the engine from now on (the `maker-holds`
   * command, once per engine: later calls journal nothing). Their quotes then post only
   * when they fill, and their trades with one another charge no fee (version 2); see
   * issue 27 and README "Bounded growth".
   */
  async keepMakerHoldsInEngine(): Promise<void> {
    const { ledger } = this.engine;
    if (ledger.engineHolds && ledger.makerTradesFeeFree) return;
    await this.submit({ type: 'maker-holds', makerTradesFeeFree: true });
  }

  /** Whether market-making holds stay in the engine (health and tests read it). */
  get makerHoldsInEngine(): boolean {
    return this.engine.ledger.engineHolds;
  }

  /**
   * Moves money between two accounts on the operator's word (market-making capital, a
   * correction); the engine applies each reference once.
   */
  adjust(from: string, to: string, asset: string, amount: string, ref: string): Promise<Ack> {
    const known = this.engine.asset(asset);
    if (!known) return refused('unknown_asset', 'asset');
    const read = readAmount(known, amount);
    if (!read.ok) return refused(read.reason, 'amount');
    if (read.units === 0n) return refused('zero', 'amount');
    return this.submit({ type: 'adjust', from, to, amount: read.units, ref });
  }

  /**
   * One step of a user's withdrawal (hold into the pending pool, release back, send out),
   * amounts as decimal strings of the coin; the engine applies each reference once.
   */
  withdrawal(
    step: WithdrawalStep,
    user: string,
    asset: string,
    amounts: { amount: string; fee: string },
    ref: string,
    sink: WithdrawalSink = 'custody',
  ): Promise<Ack> {
    const known = this.engine.asset(asset);
    if (!known) return refused('unknown_asset', 'asset');
    const amount = readAmount(known, amounts.amount);
    if (!amount.ok) return refused(amount.reason, 'amount');
    if (amount.units === 0n) return refused('zero', 'amount');
    const fee = readAmount(known, amounts.fee);
    if (!fee.ok) return refused(fee.reason, 'fee');
    return this.submit({
      type: 'withdrawal',
      step,
      user,
      asset,
      amount: amount.units,
      fee: fee.units,
      ref,
      sink,
    });
  }

  /**
   * Moves one coin between two of a user's own wallets (available to available), the
   * amount a decimal string of the coin; the engine applies each reference once and
   * refuses the whole transfer when the source's available part does not cover it.
   */
  transfer(
    user: string,
    asset: string,
    wallets: { from: TransferWallet; to: TransferWallet },
    amount: string,
    ref: string,
  ): Promise<Ack> {
    const known = this.engine.asset(asset);
    if (!known) return refused('unknown_asset', 'coin');
    const read = readAmount(known, amount);
    if (!read.ok) return refused(read.reason, 'amount');
    if (read.units === 0n) return refused('zero', 'amount');
    return this.submit({ type: 'transfer', user, asset, ...wallets, amount: read.units, ref });
  }

  /**
   * Settles a swap at the amounts of the quote the user accepted (minor units); the
   * engine applies each reference once and refuses the whole swap when the user's balance
   * or the paying pool does not cover it.
   */
  swap(
    user: string,
    coins: { from: string; to: string },
    amounts: { amountIn: bigint; gross: bigint; fee: bigint },
    ref: string,
  ): Promise<Ack> {
    return this.submit({ type: 'swap', user, ...coins, ...amounts, ref });
  }

  /** The time the next command would be stamped with (the engine's clock). */
  now(): number {
    return this.clock();
  }

  /** One perpetual-contract step (tag V), journalled as every command. */
  perp(op: PerpOp): Promise<Ack> {
    return this.submit({ type: 'perp', op });
  }

  /**
   * The perpetual engine's live state, for reading only (positions, books, marks): every
   * change goes through `perp`, so it is journalled.
   */
  get perps(): PerpsEngine {
    return this.engine.perps;
  }

  /** One spot-margin step (tag G), journalled as every command. */
  margin(op: MarginOp): Promise<Ack> {
    return this.submit({ type: 'margin', op });
  }

  /** The margin engine's live state (pools, loans, levels), for reading only. */
  get marginState(): MarginEngine {
    return this.engine.margin;
  }

  /** Journals one tick of index prices (quote minor units) for the markets it names. */
  index(prices: Array<[market: string, price: bigint]>): Promise<Ack> {
    return this.submit({ type: 'index', prices });
  }

  /** The engine's coins: the configured ones, then those listed since, in listing order. */
  assets(): string[] {
    return this.engine.assetList().map((asset) => asset.code);
  }

  /** Every market the engine trades: the configured ones, then those listed since. */
  marketSymbols(): string[] {
    return [...this.engine.markets.keys()];
  }

  /** A market's spec as the engine trades it now (its current fees); undefined if unlisted. */
  marketSpec(market: string): MarketSpec | undefined {
    return this.engine.market(market)?.market.spec;
  }

  /** Whether a market takes new orders; undefined for a market the engine does not list. */
  marketState(market: string): MarketState | undefined {
    const m = this.engine.market(market);
    return m && (m.paused ? 'paused' : 'trading');
  }

  /** One coin as the engine knows it (its decimals and bound); undefined when unknown. */
  asset(code: string): Asset | undefined {
    return this.engine.asset(code);
  }

  getOrder(market: string, id: number): OrderView | undefined {
    return orderView(this.engine, market, id);
  }

  /** The caller's own id of an order, while the engine remembers it (open, or closed < 24 h). */
  clientOrderIdOf(orderId: number): string | undefined {
    return this.engine.clientOrderIds.idOf(orderId);
  }

  /**
   * The order a user placed under their own id, while the engine remembers it: what a
   * client that retries after a lost answer (a failover) is told instead of a second order.
   */
  orderIdOf(user: string, clientOrderId: string): number | undefined {
    return this.engine.clientOrderIds.orderOf(user, clientOrderId);
  }

  balances(user: string): BalanceView[] {
    return this.engine.assetList().map((asset) => balanceView(this.engine, user, asset));
  }

  /** A user's balances of every coin in one wallet (spot, contract, finance, ...). */
  walletBalances(user: string, wallet: Wallet): BalanceView[] {
    return this.engine.assetList().map((asset) => balanceView(this.engine, user, asset, wallet));
  }

  /** One coin of a user's balances; undefined for a coin the engine does not know. */
  balance(user: string, asset: string): BalanceView | undefined {
    const known = this.engine.asset(asset);
    return known && balanceView(this.engine, user, known);
  }

  /** The best `levels` price levels of each side, as decimal strings, best first. */
  depth(market: string, levels: number): DepthView | undefined {
    return depthView(this.engine, market, levels);
  }

  /** Open orders of a user in a market (the engine's live view). */
  openOrders(user: string, market: string): OrderView[] {
    return openOrderViews(this.engine, user, market);
  }

  /** Open second contracts, of one user or of all, by id. */
  secondContracts(user?: string): OpenContract[] {
    const all = this.engine.seconds.list();
    return user === undefined ? all : all.filter((c) => c.user === user);
  }

  /** What the second-contract pool already owes its open contracts on a win, per coin. */
  secondsCommitted(asset: string): bigint {
    return this.engine.seconds.committedOf(asset);
  }

  /** A market's last index tick: its price and its command's sequence number and time. */
  indexTick(market: string): { price: bigint; seq: number; ts: number } | undefined {
    const tick = this.engine.seconds.ticks.get(market);
    const price = this.engine.market(market)?.indexPrice ?? 0n;
    return tick && price > 0n ? { price, ...tick } : undefined;
  }

  /** One account's balance in minor units (a pool's, a fund's). */
  accountBalance(key: string): bigint {
    return this.engine.ledger.balance(key);
  }

  /** Every non-zero balance, by account key (what `classTotals` sums). */
  ledgerEntries(): Array<[string, bigint]> {
    return this.engine.ledger.entries();
  }

  stateHash(): string {
    return this.engine.stateHash();
  }

  /**
   * Calls `listener` with every batch of results once it is durable, in sequence order:
   * market data and user notifications never show what a crash could take back.
   */
  onDurable(listener: (results: readonly CommandResult[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  protected clock(): number {
    return this.clockFn();
  }

  /** Hands a durable batch to every listener; a listener's fault never stops the engine. */
  protected emit(batch: readonly CommandResult[]): void {
    for (const listener of this.listeners) {
      try {
        listener(batch);
      } catch (error) {
        this.onListenerError?.(error);
      }
    }
  }
}

export function refused(reason: RejectReason | RequestRejection, field: string): Promise<Ack> {
  return Promise.resolve({
    seq: null,
    ts: null,
    events: [{ type: 'rejected', reason, field }],
    postings: PostingBatch.EMPTY,
  });
}
