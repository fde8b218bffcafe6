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
  /** A margin account the order trades from (absent: the spot wallet). */
  wallet?: MarginWalletName;
  /**
   * A margin order that borrows what its hold lacks (in the coin it spends), in the same
   * step as it is placed: both happen, or neither.
   */
  autoBorrow?: boolean;
  /**
   * A margin order whose fills repay the account's loan in the coin they bring in (up to
   * what is owed, interest first), as each fill settles.
   */
  autoRepay?: boolean;
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

/**
 * Earn products (issue 22), one command type with three steps: `open` moves a principal
 * from the user's available finance balance into the product's principal pool; `accrue`
 * pays listed (position, day) pairs from the product's funding pool, each day once, in
 * order; `close` returns the principal at maturity or, early, less the published penalty
 * (which goes to the funding pool). Amounts travel in the command; the engine checks them
 * against the position it holds.
 */
export type EarnCommand =
  | {
      type: 'earn';
      op: 'open';
      seq: number;
      ts: number;
      position: string;
      product: string;
      user: string;
      asset: string;
      principal: bigint;
      daily: bigint;
      days: number;
    }
  | {
      type: 'earn';
      op: 'accrue';
      seq: number;
      ts: number;
      due: Array<[position: string, day: number]>;
    }
  | {
      type: 'earn';
      op: 'close';
      seq: number;
      ts: number;
      position: string;
      /** Kept back from the principal: 0 at maturity. */
      penalty: bigint;
      early: boolean;
    };

/** Market-making accounts' holds stay in the engine from here on (tag Q, maker-holds.ts). */
export interface MakerHoldsCommand {
  type: 'maker-holds';
  seq: number;
  ts: number;
  /** Version 2: and a trade between two market-making accounts charges no fee. */
  makerTradesFeeFree: boolean;
}

/** A perpetual market as a listing names it: its coins by code. */
export interface PerpListing {
  symbol: string;
  /** Absent in listings journalled before inverse contracts: linear. */
  kind?: 'linear' | 'inverse';
  underlying: string;
  base: string;
  quote: string;
  contractSize: bigint;
  tickSize: bigint;
  maxOrderContracts: number;
  tiers: Array<{ upTo: bigint | null; maxLeverage: number; maintenanceRate: bigint }>;
  makerFeeBps: number;
  takerFeeBps: number;
  fundingIntervalMs: number;
  interestRate: bigint;
  fundingCap: bigint;
  impactNotional: bigint;
  protectionRate: bigint;
}

export type PerpOp =
  | { op: 'list'; spec: PerpListing }
  | {
      op: 'place';
      user: string;
      symbol: string;
      side: Side;
      kind: 'limit' | 'market' | 'stop_market' | 'stop_limit';
      tif: TimeInForce;
      price: number;
      contracts: number;
      reduceOnly: boolean;
      stop: number;
      trigger: 'mark' | 'last';
      source: 'user' | 'close';
      clientOrderId?: string;
    }
  | { op: 'cancel'; user: string; symbol: string; orderId: number }
  | { op: 'leverage'; user: string; symbol: string; leverage: number }
  | { op: 'mode'; user: string; symbol: string; mode: 'isolated' | 'cross' }
  | { op: 'margin'; user: string; symbol: string; amount: bigint; add: boolean }
  | {
      op: 'triggers';
      user: string;
      symbol: string;
      /** A trigger to set, null to remove it, absent to leave it. */
      takeProfit?: { price: bigint; trigger: 'mark' | 'last' } | null;
      stopLoss?: { price: bigint; trigger: 'mark' | 'last' } | null;
    }
  /**
   * A mass quote: the user's open orders in the market cancelled and these post-only
   * limit orders placed, in one command (market makers).
   */
  | {
      op: 'quote';
      user: string;
      symbol: string;
      orders: Array<{ side: Side; price: number; contracts: number }>;
    }
  /** Closes the user's whole position at market (reduce-only). */
  | { op: 'close'; user: string; symbol: string }
  /** One funding run at its scheduled time. */
  | { op: 'fund'; symbol: string; time: number }
  | { op: 'state'; symbol: string; paused: boolean };

export interface PerpCommand {
  type: 'perp';
  seq: number;
  ts: number;
  op: PerpOp;
}

/** One spot-margin step (tag G); amounts in the coin's minor units. */
export type MarginOp =
  /** A pool's rate (from the next hour charged) and savings share; absent share is 0. */
  | { op: 'pool'; asset: string; hourlyRate: bigint; savingsShare?: bigint }
  | { op: 'pair'; market: string; maxLeverage: number }
  | { op: 'leverage'; user: string; market: string; leverage: number }
  | { op: 'borrow'; user: string; wallet: MarginWalletName; asset: string; amount: bigint }
  | { op: 'repay'; user: string; wallet: MarginWalletName; asset: string; amount: bigint }
  /** Interest for every hour up to `hour` (ms ÷ 3,600,000) not yet counted. */
  | { op: 'accrue'; hour: number }
  /** A liquidation step in one market: the account's coins sold into what it owes. */
  | { op: 'liquidate'; user: string; wallet: MarginWalletName; market: string }
  /** The last step of a liquidation: loans repaid from the account, then the fund. */
  | { op: 'close-out'; user: string; wallet: MarginWalletName }
  /** Between the user's spot wallet and one of their margin accounts, once per reference. */
  | {
      op: 'transfer';
      user: string;
      asset: string;
      amount: bigint;
      from: MarginWalletName | 'spot';
      to: MarginWalletName | 'spot';
      ref: string;
    };

/** The cross margin account, or a pair's isolated one. */
export type MarginWalletName = 'margin' | `margin.${string}`;

export interface MarginCommand {
  type: 'margin';
  seq: number;
  ts: number;
  op: MarginOp;
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
  | SwapCommand
  | MakerHoldsCommand
  | EarnCommand
  | PerpCommand
  | MarginCommand;
