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
  | 'no_index';

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
    };

export interface CommandResult {
  seq: number;
  ts: number;
  events: EngineEvent[];
  postings: PostingBatch;
}
