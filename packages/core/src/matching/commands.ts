import type { Side } from '../book/order-book.ts';

export type OrderKind = 'limit' | 'market' | 'stop_limit';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';

/**
 * Commands in their validated integer form: prices in ticks, sizes in lots. `seq` is the
 * sequencer's number (and a placed order's id); `ts` is the one timestamp of the command.
 */
export interface PlaceCommand {
  type: 'place';
  seq: number;
  ts: number;
  user: string;
  market: string;
  side: Side;
  kind: OrderKind;
  tif: TimeInForce;
  /** Limit price in ticks; 0 for a market order. */
  price: number;
  /** Size in lots; 0 for a market buy by quote amount. */
  lots: number;
  /** Quote minor units to spend: a market buy by quote amount, otherwise 0n. */
  quote: bigint;
  /** Trigger price in ticks of a stop-limit order, otherwise 0. */
  stop: number;
  /**
   * The caller's own reference (the request's Idempotency-Key), journalled with the order
   * and carried on its accepted event, so an answer lost in a crash can be found again.
   */
  clientRef?: string;
  /**
   * The caller's own id for the order, unique per user among open orders and those
   * closed in the last 24 hours (`ClientOrderIds`); a repeat is refused.
   */
  clientOrderId?: string;
}

export interface CancelCommand {
  type: 'cancel';
  seq: number;
  ts: number;
  user: string;
  market: string;
  orderId: number;
}

/** Credits a user from the platform float: how money enters the ledger. */
export interface DepositCommand {
  type: 'deposit';
  seq: number;
  ts: number;
  user: string;
  asset: string;
  amount: bigint;
  /** The deposit's id in the system that saw it arrive. */
  ref: string;
  /** Where the money came from, mirrored: a chain, a bank account, or the demo's float. */
  source: DepositSource;
}

export type DepositSource = 'custody' | 'bank_receipts' | 'platform_float';

/**
 * An operator's transfer between two accounts (market-making capital, a correction),
 * applied once per reference. Never touches a held part: holds belong to orders.
 */
export interface AdjustCommand {
  type: 'adjust';
  seq: number;
  ts: number;
  from: string;
  to: string;
  amount: bigint;
  ref: string;
}

/**
 * Index prices, one per market, in quote minor units. Journalled like every command so
 * that whatever reacts to a price replays exactly.
 */
export interface IndexCommand {
  type: 'index';
  seq: number;
  ts: number;
  prices: Array<[market: string, price: bigint]>;
}

/**
 * Whether a market takes new orders. A paused book keeps its open orders and takes
 * cancels only, so nobody is locked into an order while trading stops.
 */
export type MarketState = 'trading' | 'paused';

/**
 * Lists an asset, once per code: from then on it can be deposited, held and traded.
 * The catalogue (the operators' record) lists through the journal, so replay restores it.
 */
export interface ListAssetCommand {
  type: 'list-asset';
  seq: number;
  ts: number;
  asset: string;
  decimals: number;
  /** Largest amount one request may name, in minor units. */
  maxAmount: bigint;
}

/** Lists a spot market between two listed assets, once per symbol (`MarketSpec`'s fields). */
export interface ListMarketCommand {
  type: 'list-market';
  seq: number;
  ts: number;
  market: string;
  base: string;
  quote: string;
  tickSize: bigint;
  lotSize: bigint;
  minNotional: bigint;
  maxOrderLots: number;
  maxPriceTicks: number;
  makerFeeBps: number;
  takerFeeBps: number;
  bandBps: number;
  state: MarketState;
}

/** Pauses or resumes trading on a market. Setting the state it already has changes nothing. */
export interface MarketStateCommand {
  type: 'market-state';
  seq: number;
  ts: number;
  market: string;
  state: MarketState;
}

/**
 * A market's new maker and taker fees, from the next fill on, applied once per reference
 * (a scheduled change's id), so a retry after a crash never applies it twice.
 */
export interface MarketFeesCommand {
  type: 'market-fees';
  seq: number;
  ts: number;
  market: string;
  makerFeeBps: number;
  takerFeeBps: number;
  ref: string;
}

/**
 * One step of a user's withdrawal, once per reference: `hold` moves amount + fee from the
 * user's available spot balance into the pending-withdrawals pool; `release` gives them
 * back (a cancel or a rejection); `send` pays the amount out to custody (the coins left
 * the platform) and the fee to revenue, a tenth of it to the security fund.
 */
export interface WithdrawalCommand {
  type: 'withdrawal';
  seq: number;
  ts: number;
  step: WithdrawalStep;
  user: string;
  asset: string;
  amount: bigint;
  fee: bigint;
  ref: string;
  /**
   * Where `send` pays the amount: the account mirroring the coins in the platform's
   * wallets (a chain payout) or the money in its bank accounts (a bank payout).
   */
  sink: WithdrawalSink;
}

export type WithdrawalStep = 'hold' | 'release' | 'send';
export type WithdrawalSink = 'custody' | 'bank_receipts';

/**
 * A user's move of one coin between two of their own wallets (spot, contract, finance),
 * available to available, once per reference; refused whole when the source wallet's
 * available part does not cover it.
 */
export interface TransferCommand {
  type: 'transfer';
  seq: number;
  ts: number;
  user: string;
  asset: string;
  from: TransferWallet;
  to: TransferWallet;
  amount: bigint;
  ref: string;
}

/** The wallets a user moves money between themselves. */
export type TransferWallet = 'spot' | 'contract' | 'finance';

/**
 * Opens a second contract: holds stake + charge from the user's available spot balance
 * of the market's quote coin until the first index tick at or after `ts + period`
 * settles it. The period's terms travel in the command, so replay never reads a table.
 */
export interface SecondsOpenCommand {
  type: 'seconds-open';
  seq: number;
  ts: number;
  user: string;
  market: string;
  direction: 'up' | 'down';
  /** Quote minor units. */
  stake: bigint;
  charge: bigint;
  profitBps: number;
  lossBps: number;
  /** Seconds. */
  period: number;
  /** The caller's Idempotency-Key, carried to the events (see PlaceCommand). */
  clientRef?: string;
}

/**
 * A user's instant swap at a quote they accepted, once per reference: `amountIn` of
 * `from` leaves their available spot balance for the swap pool of `from`; the swap pool
 * of `to` pays them `gross`, of which `fee` goes to revenue (a tenth to the security
 * fund). Refused whole when the balance or the pool cannot cover it.
 */
export interface SwapCommand {
  type: 'swap';
  seq: number;
  ts: number;
  user: string;
  from: string;
  to: string;
  amountIn: bigint;
  gross: bigint;
  fee: bigint;
  ref: string;
}

export type EngineCommand =
  | PlaceCommand
  | CancelCommand
  | DepositCommand
  | AdjustCommand
  | IndexCommand
  | ListAssetCommand
  | ListMarketCommand
  | MarketStateCommand
  | MarketFeesCommand
  | WithdrawalCommand
  | TransferCommand
  | SecondsOpenCommand
  | SwapCommand;
