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
}

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

export type EngineCommand =
  PlaceCommand | CancelCommand | DepositCommand | AdjustCommand | IndexCommand;
