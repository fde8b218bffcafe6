import type { Loan, MarginWallet } from '../margin/engine.ts';
import type { Side } from '../book/order-book.ts';
import type { PostingBatch } from '../ledger/posting-log.ts';
import type {
  MarketState,
  OrderKind,
  TimeInForce,
  TransferWallet,
  WithdrawalStep,
} from './commands.ts';
import type { MarketSpec } from './market.ts';
import type { RequestRejection } from './order-request.ts';
import type { OpenContract } from '../seconds/book.ts';
import type { SecondsOutcome } from '../seconds/outcome.ts';
import type { PerpCancelReason } from '../perps/engine.ts';
import type { MarginMode, PerpOrder, PerpSpec, Position } from '../perps/state.ts';
import type { PositionSide } from '../perps/position.ts';

export type RejectReason =
  | 'unknown_market'
  | 'unknown_asset'
  | 'invalid_order'
  | 'invalid_price'
  | 'invalid_quantity'
  | 'invalid_amount'
  | 'below_min_notional'
  | 'insufficient_balance'
  | 'no_liquidity'
  | 'would_take'
  | 'fok_unfillable'
  | 'order_not_open'
  | 'not_owner'
  /** A client order id the user's open or recently closed orders already carry. */
  | 'duplicate_client_order_id'
  /** A deposit whose reference was already credited. */
  | 'duplicate_deposit'
  /** An adjustment whose reference was already applied. */
  | 'duplicate_reference'
  /** An adjustment naming an account it may not move (a held part, two assets). */
  | 'invalid_account'
  /** An asset or market listed twice. */
  | 'already_listed'
  /** A listing or fee change the engine cannot trade with (a bad code, tick, lot or rate). */
  | 'invalid_listing'
  /** A new order on a paused market: its book takes cancels only. */
  | 'market_paused'
  /** A second contract whose win the pool could not pay, with what it already owes. */
  | 'pool_insufficient'
  /** A second contract before the market's first index tick: there is no open price. */
  | 'no_index'
  /** An earn step naming a position the engine does not hold (or holds closed). */
  | 'unknown_position'
  /** An earn position closed at maturity before its last day paid, or early after it. */
  | 'not_due'
  /** An earn position's principal is lent to margin borrowers until they repay. */
  | 'savings_lent'
  /** A margin close-out while the account still holds coins a liquidation step could sell. */
  | 'coins_unsold'
  /** A reduce-only order that would open or increase a position. */
  | 'reduce_only_increase'
  /** A leverage above what the position's notional tier allows. */
  | 'leverage_too_high'
  /** A margin-mode change while the market holds a position or an order of the user. */
  | 'position_open'
  /** A position step (margin, take-profit, stop-loss) without a position. */
  | 'no_position'
  /** Margin taken out of an isolated position below its initial margin. */
  | 'margin_too_low';

export type CancelReason = 'user' | 'unfilled' | 'self_trade';

export type EngineEvent =
  | {
      type: 'accepted';
      orderId: number;
      user: string;
      market: string;
      side: Side;
      kind: OrderKind;
      tif: TimeInForce;
      price: number;
      lots: number;
      quote: bigint;
      stop: number;
      clientRef?: string;
      clientOrderId?: string;
      /** A margin account's order (absent: the spot wallet). */
      wallet?: MarginWallet;
    }
  /** `field` names the request field at fault when the request itself was malformed. */
  | { type: 'rejected'; reason: RejectReason | RequestRejection; field?: string }
  | { type: 'triggered'; orderId: number; market: string }
  | {
      type: 'trade';
      tradeId: number;
      market: string;
      price: number;
      lots: number;
      takerSide: Side;
      makerOrderId: number;
      takerOrderId: number;
      makerUser: string;
      takerUser: string;
      /** In the asset each side received. */
      makerFee: bigint;
      takerFee: bigint;
    }
  | { type: 'filled'; orderId: number; market: string }
  | { type: 'cancelled'; orderId: number; market: string; reason: CancelReason; lots: number }
  | { type: 'deposited'; user: string; asset: string; amount: bigint; ref: string }
  | { type: 'adjusted'; from: string; to: string; asset: string; amount: bigint; ref: string }
  | { type: 'asset_listed'; asset: string; decimals: number }
  | { type: 'market_listed'; market: string; spec: MarketSpec; state: MarketState }
  | { type: 'market_state'; market: string; state: MarketState }
  | {
      type: 'fees_changed';
      market: string;
      makerFeeBps: number;
      takerFeeBps: number;
      ref: string;
    }
  | {
      type: 'withdrawal';
      step: WithdrawalStep;
      user: string;
      asset: string;
      amount: bigint;
      fee: bigint;
      ref: string;
    }
  | {
      type: 'transferred';
      user: string;
      asset: string;
      from: TransferWallet;
      to: TransferWallet;
      amount: bigint;
      ref: string;
    }
  | { type: 'seconds_opened'; contract: OpenContract }
  | {
      type: 'seconds_settled';
      contract: OpenContract;
      outcome: SecondsOutcome;
      /** What came back to the user from stake and pool (the charge aside). */
      payout: bigint;
      /** Profit (positive) or loss (negative) on the stake. */
      pnl: bigint;
      closePrice: bigint;
      /** The settling index tick: its command's sequence number and time. */
      closeTickSeq: number;
      closeTs: number;
    }
  | {
      type: 'swapped';
      user: string;
      from: string;
      to: string;
      amountIn: bigint;
      gross: bigint;
      fee: bigint;
      ref: string;
    }
  | {
      type: 'earn_opened';
      position: string;
      product: string;
      user: string;
      asset: string;
      principal: bigint;
    }
  /**
   * The days this accrual paid; `already` those paid before (a repeat moved nothing);
   * `skipped` those it could not pay now (out of order, a closed or unknown position, or a
   * funding pool an operator emptied below what the day pays), left for a later run.
   */
  | {
      type: 'earn_accrued';
      paid: Array<{ position: string; user: string; asset: string; day: number; amount: bigint }>;
      already: Array<[position: string, day: number]>;
      skipped: Array<[position: string, day: number, reason: 'order' | 'position' | 'funding']>;
    }
  | {
      type: 'earn_closed';
      position: string;
      user: string;
      asset: string;
      returned: bigint;
      penalty: bigint;
      early: boolean;
    }
  | PerpEngineEvent;

/** One side of a perpetual fill: its fee and the PnL it realised. */
export interface PerpFillSide {
  orderId: number;
  user: string;
  fee: bigint;
  pnl: bigint;
}

export type PerpEngineEvent =
  | { type: 'perp_listed'; symbol: string; spec: PerpSpec }
  /** `command`: the sequence of the command that placed it; null for the platform's own. */
  | { type: 'perp_accepted'; order: PerpOrder; command: number | null }
  | { type: 'perp_triggered'; orderId: number; symbol: string }
  | {
      type: 'perp_trade';
      tradeId: number;
      symbol: string;
      price: bigint;
      contracts: number;
      takerSide: Side;
      maker: PerpFillSide;
      taker: PerpFillSide;
    }
  | {
      type: 'perp_order_done';
      orderId: number;
      symbol: string;
      status: 'filled' | 'cancelled';
      reason: PerpCancelReason | null;
      remaining: number;
    }
  /** A position after it changed; null once closed (`closedId` names it). */
  | {
      type: 'perp_position';
      user: string;
      symbol: string;
      position: Position | null;
      closedId: number | null;
    }
  | { type: 'perp_setting'; user: string; symbol: string; leverage: number; mode: MarginMode }
  | { type: 'perp_state'; symbol: string; paused: boolean }
  | { type: 'margin_pool'; asset: string; hourlyRate: bigint; savingsShare: bigint }
  | { type: 'margin_pair'; market: string; maxLeverage: number }
  | { type: 'margin_leverage'; user: string; market: string; leverage: number }
  | {
      type: 'margin_borrowed';
      user: string;
      wallet: MarginWallet;
      asset: string;
      amount: bigint;
      loan: Loan;
    }
  | {
      type: 'margin_repaid';
      user: string;
      wallet: MarginWallet;
      asset: string;
      amount: bigint;
      /** What is still owed; null once the loan is paid off. */
      loan: Loan | null;
    }
  | {
      type: 'margin_interest';
      user: string;
      wallet: MarginWallet;
      asset: string;
      hour: number;
      hours: number;
      amount: bigint;
    }
  | { type: 'margin_warning'; user: string; wallet: MarginWallet; level: bigint }
  | {
      type: 'margin_transferred';
      user: string;
      asset: string;
      amount: bigint;
      from: MarginWallet | 'spot';
      to: MarginWallet | 'spot';
      ref: string;
    }
  | {
      type: 'margin_liquidated';
      user: string;
      wallet: MarginWallet;
      asset: string;
      /** Repaid from the account's own coin, and by the margin insurance fund. */
      repaid: bigint;
      insurance: bigint;
      /** Still owed when neither could pay it all. */
      left: bigint;
    }
  | {
      type: 'perp_funding';
      symbol: string;
      time: number;
      rate: bigint;
      mark: bigint;
      payments: Array<{
        user: string;
        positionId: number;
        side: PositionSide;
        contracts: number;
        amount: bigint;
      }>;
    }
  | {
      type: 'perp_liquidated';
      user: string;
      symbol: string;
      positionId: number;
      side: PositionSide;
      contracts: number;
      /** Where it closed: the bankruptcy price (isolated) or the mark (cross). */
      price: bigint;
      mark: bigint;
      mode: MarginMode;
      margin: bigint;
    }
  | {
      type: 'perp_adl';
      user: string;
      symbol: string;
      positionId: number;
      contracts: number;
      price: bigint;
    };

export interface CommandResult {
  seq: number;
  ts: number;
  events: EngineEvent[];
  postings: PostingBatch;
}
