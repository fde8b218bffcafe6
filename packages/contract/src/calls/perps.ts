import { z } from 'zod';
import { CLIENT_ORDER_ID_PATTERN } from '@meridian/core';
import { defineCall } from '../define.ts';
import { decimalString, symbolSchema } from './market.ts';
import { pageOf } from '../paging.ts';

/*
 * Perpetual contracts: USDT-margined (linear, issue 19) and coin-margined (inverse, issue
 * 20): books matched by the engine, one-way
 * positions per user and symbol, isolated or cross margin, notional tiers, mark price,
 * funding between longs and shorts, liquidation by the insurance fund and auto-deleveraging.
 * Two call families over one service, as spot: the older `/api/contract/...` and the
 * newer `/api/{head}/coin/...`. Every formula is in packages/core/src/perps and its README.
 */

const tags = ['perpetuals'];

/** A rate as a signed decimal fraction, up to 8 places: `0.0001` is 0.01 %. */
export const perpRateString = z.string().regex(/^-?\d{1,4}(\.\d{1,8})?$/);
/** Amounts and prices the user types: read by the engine's rules, so refusals name the field. */
const amountInput = z.string().min(1).max(64);

export const perpMarginModeSchema = z.enum(['isolated', 'cross']);
export const perpPositionSideSchema = z.enum(['long', 'short']);
export const perpOrderSideSchema = z.enum(['buy', 'sell']);
export const perpOrderTypeSchema = z.enum(['limit', 'market', 'stop_market', 'stop_limit']);
export const perpTimeInForceSchema = z.enum(['GTC', 'IOC', 'FOK', 'POST_ONLY']);
/** What a stop, take-profit or stop-loss watches: the mark price or the last trade price. */
export const perpTriggerSchema = z.enum(['mark', 'last']);

/** Linear: margined and settled in the quote (USDT); inverse: in the base coin, quoted in USD. */
export const perpKindSchema = z.enum(['linear', 'inverse']);
/** The seed's contract types: U for USDT-margined (linear), B for coin-margined (inverse). */
export const perpContractTypeSchema = z.enum(['U', 'B']);

export const perpTierSchema = z.object({
  tier: z.number().int(),
  /** Position notional (margin coin) up to which the tier applies; null for the last tier. */
  upTo: decimalString.nullable(),
  maxLeverage: z.number().int(),
  maintenanceRate: perpRateString,
  /** The tier's maintenance amount: maintenance = notional × rate − cumulative. */
  cumulative: decimalString,
});

/**
 * A perpetual market as published: what every formula of it uses. Margins, fees, funding,
 * profits and notionals are in `marginCoin`; prices in the quote.
 */
export const perpMarketSchema = z.object({
  symbol: symbolSchema,
  kind: perpKindSchema,
  base: z.string(),
  quote: z.string(),
  /** USDT for linear markets, the base coin for inverse ones. */
  marginCoin: z.string(),
  /** Linear: base coin per contract (`0.001` BTC); inverse: USD per contract (`100`). */
  contractSize: decimalString,
  tickSize: decimalString,
  maxContracts: z.number().int(),
  maxLeverage: z.number().int(),
  tiers: z.array(perpTierSchema),
  makerFeeRate: perpRateString,
  takerFeeRate: perpRateString,
  fundingIntervalHours: z.number().int(),
  interestRate: perpRateString,
  /** The clamp of interest − premium (±), and the cap of the funding rate (±). */
  fundingClamp: perpRateString,
  fundingCap: perpRateString,
  /** Quote (USDT, or USD for inverse) spent on each side of the book for the impact prices. */
  impactNotional: decimalString,
  /** A market order may fill at most this far from the mark price. */
  marketProtectionRate: perpRateString,
  paused: z.boolean(),
});
export type PerpMarket = z.infer<typeof perpMarketSchema>;

/** A perpetual market's live figures. */
export const perpTickerSchema = z.object({
  symbol: symbolSchema,
  lastPrice: decimalString.nullable(),
  markPrice: decimalString.nullable(),
  indexPrice: decimalString.nullable(),
  /** The rate of the last funding (null before the first). */
  lastFundingRate: perpRateString.nullable(),
  /** The rate the next funding would pay if it were now. */
  estimatedFundingRate: perpRateString,
  nextFundingTime: z.number().int(),
  /** Open interest in contracts (longs equal shorts). */
  openInterest: z.number().int(),
  /** 24 h change of the last price, volume in contracts and turnover in the margin coin. */
  change24h: perpRateString.nullable(),
  volume24h: z.number().int(),
  turnover24h: decimalString,
  high24h: decimalString.nullable(),
  low24h: decimalString.nullable(),
});
export type PerpTicker = z.infer<typeof perpTickerSchema>;

export const perpPositionSchema = z.object({
  /** The position's id: the engine sequence number of the fill that opened it. */
  id: z.string(),
  symbol: symbolSchema,
  side: perpPositionSideSchema,
  contracts: z.number().int(),
  /** Contracts × contract size: base coin (linear) or USD (inverse). */
  size: decimalString,
  entryPrice: decimalString,
  markPrice: decimalString,
  /** At the mark price. */
  notional: decimalString,
  marginMode: perpMarginModeSchema,
  leverage: z.number().int(),
  /** Isolated: the position's own margin; cross: its initial margin. */
  margin: decimalString,
  maintenanceMargin: decimalString,
  /** Maintenance ÷ margin balance; 1 liquidates. */
  marginRatio: perpRateString,
  unrealisedPnl: decimalString,
  /** Unrealised PnL ÷ initial margin. */
  roe: perpRateString,
  realisedPnl: decimalString,
  /** Funding paid (negative) and received since the position opened. */
  funding: decimalString,
  liquidationPrice: decimalString.nullable(),
  /** Null for an inverse short whose margin covers any rise (1x or less). */
  bankruptcyPrice: decimalString.nullable(),
  /** Auto-deleveraging queue: 1 to 5 lights, 5 first in line. */
  adlQuintile: z.number().int().min(1).max(5),
  takeProfit: z.object({ price: decimalString, trigger: perpTriggerSchema }).nullable(),
  stopLoss: z.object({ price: decimalString, trigger: perpTriggerSchema }).nullable(),
  openedAt: z.number().int(),
});
export type PerpPosition = z.infer<typeof perpPositionSchema>;

export const perpOrderStatusSchema = z.enum(['waiting', 'partial', 'filled', 'cancelled']);

export const perpOrderSchema = z.object({
  id: z.string(),
  clientOrderId: z.string().nullable(),
  symbol: symbolSchema,
  side: perpOrderSideSchema,
  type: perpOrderTypeSchema,
  timeInForce: perpTimeInForceSchema,
  price: decimalString.nullable(),
  triggerPrice: decimalString.nullable(),
  trigger: perpTriggerSchema.nullable(),
  /** A stop waiting for its trigger shows false. */
  triggered: z.boolean(),
  reduceOnly: z.boolean(),
  /** Set by the platform: a take-profit, stop-loss, position close or liquidation. */
  source: z.enum(['user', 'take_profit', 'stop_loss', 'close', 'liquidation', 'adl']),
  contracts: z.number().int(),
  filledContracts: z.number().int(),
  averagePrice: decimalString.nullable(),
  leverage: z.number().int(),
  marginMode: perpMarginModeSchema,
  /** Margin and fee held for what is still open. */
  marginHeld: decimalString,
  fee: decimalString,
  realisedPnl: decimalString,
  status: perpOrderStatusSchema,
  cancelReason: z.string().nullable(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type PerpOrder = z.infer<typeof perpOrderSchema>;

export const perpFillSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  symbol: symbolSchema,
  side: perpOrderSideSchema,
  price: decimalString,
  contracts: z.number().int(),
  liquidity: z.enum(['maker', 'taker']),
  fee: decimalString,
  realisedPnl: decimalString,
  time: z.number().int(),
});
export type PerpFill = z.infer<typeof perpFillSchema>;

export const perpFundingPaymentSchema = z.object({
  id: z.string(),
  symbol: symbolSchema,
  time: z.number().int(),
  rate: perpRateString,
  markPrice: decimalString,
  contracts: z.number().int(),
  side: perpPositionSideSchema,
  /** Received (positive) or paid (negative). */
  amount: decimalString,
});

/** The user's contract account in one margin coin (USDT, or an inverse market's coin). */
export const perpAccountSchema = z.object({
  coin: z.string(),
  /** Available + held: what the wallet holds. */
  walletBalance: z.string(),
  available: decimalString,
  orderMargin: decimalString,
  positionMargin: decimalString,
  unrealisedPnl: decimalString,
  /** Wallet balance + unrealised PnL. */
  equity: decimalString,
  maintenanceMargin: decimalString,
  /** Cross positions: maintenance ÷ cross margin balance; 0 without any. */
  crossMarginRatio: perpRateString,
});

export const perpSettingSchema = z.object({
  symbol: symbolSchema,
  leverage: z.number().int(),
  marginMode: perpMarginModeSchema,
  maxLeverage: z.number().int(),
});

export const perpOrderInput = z.strictObject({
  symbol: symbolSchema,
  side: perpOrderSideSchema,
  type: perpOrderTypeSchema,
  /** Limit and stop-limit orders. */
  price: amountInput.optional(),
  /** Stop orders. */
  triggerPrice: amountInput.optional(),
  trigger: perpTriggerSchema.optional(),
  /** Whole contracts. */
  contracts: z.string().regex(/^\d{1,9}$/),
  timeInForce: perpTimeInForceSchema.optional(),
  reduceOnly: z.boolean().optional(),
  clientOrderId: z.string().regex(CLIENT_ORDER_ID_PATTERN).optional(),
});
export type PerpOrderInput = z.infer<typeof perpOrderInput>;

const orderListQuery = z.strictObject({
  symbol: symbolSchema.optional(),
  /** Without a symbol: U lists only USDT-margined markets, B only coin-margined ones. */
  contractType: perpContractTypeSchema.optional(),
  status: z.enum(['open', 'history', 'all']).default('open'),
  current: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

const idQuery = z.strictObject({ id: z.string().regex(/^\d{1,15}$/) });
const symbolQuery = z.strictObject({ symbol: symbolSchema.optional() });

/* ------------------------------------------------------------------ older family */

export const contractOrderSubmit = defineCall({
  method: 'POST',
  path: '/api/contract/order/submit',
  summary:
    'Place a perpetual order (limit, market, stop-market, stop-limit; reduce-only, post-only, IOC, FOK); Idempotency-Key accepted',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  body: perpOrderInput,
  data: perpOrderSchema,
});

export const contractOrderList = defineCall({
  method: 'POST',
  path: '/api/contract/order/list',
  summary: 'My perpetual orders, newest first, paged (open, history or all)',
  tags,
  auth: 'user',
  keyScope: 'read',
  query: orderListQuery,
  data: pageOf(perpOrderSchema),
});

export const contractOrderCancel = defineCall({
  method: 'POST',
  path: '/api/contract/order/canCelOrder',
  summary: 'Cancel one of my open perpetual orders (the seed spells it canCelOrder)',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  query: idQuery,
  data: perpOrderSchema,
});

export const contractPositionList = defineCall({
  method: 'POST',
  path: '/api/contract/position/list',
  summary: 'My open perpetual positions, valued at the mark price',
  tags,
  auth: 'user',
  keyScope: 'read',
  query: symbolQuery,
  data: z.array(perpPositionSchema),
});

export const contractPositionClose = defineCall({
  method: 'POST',
  path: '/api/contract/position/stopOrder',
  summary: 'Close one of my positions at market (a reduce-only market order)',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  query: idQuery,
  data: perpOrderSchema,
});

export const contractPositionAdjust = defineCall({
  method: 'POST',
  path: '/api/contract/position/adjustAmount',
  summary:
    "Add margin to an isolated position or remove it (flag add or remove; never below the position's initial margin)",
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  query: z.strictObject({
    id: z.string().regex(/^\d{1,15}$/),
    money: amountInput,
    flag: z.enum(['add', 'remove', '1', '2']),
  }),
  data: perpPositionSchema,
});

export const contractLossList = defineCall({
  method: 'POST',
  path: '/api/contract/loss/list',
  summary: 'Take-profit and stop-loss of my positions',
  tags,
  auth: 'user',
  keyScope: 'read',
  query: symbolQuery,
  data: z.array(
    z.object({
      id: z.string(),
      symbol: symbolSchema,
      side: perpPositionSideSchema,
      takeProfit: perpPositionSchema.shape.takeProfit,
      stopLoss: perpPositionSchema.shape.stopLoss,
    }),
  ),
});

export const contractLossSet = defineCall({
  method: 'POST',
  path: '/api/contract/loss/sett',
  summary:
    'Set the take-profit and/or stop-loss of a position (on the mark or last price); when one triggers, the whole position closes at market',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  body: z.strictObject({
    id: z.string().regex(/^\d{1,15}$/),
    takeProfitPrice: amountInput.optional(),
    stopLossPrice: amountInput.optional(),
    trigger: perpTriggerSchema.optional(),
  }),
  data: perpPositionSchema,
});

export const contractLossCancel = defineCall({
  method: 'POST',
  path: '/api/contract/loss/cancel',
  summary: "Remove a position's take-profit and stop-loss (or one of them)",
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  query: z.strictObject({
    id: z.string().regex(/^\d{1,15}$/),
    which: z.enum(['both', 'takeProfit', 'stopLoss']).default('both'),
  }),
  data: perpPositionSchema,
});

export const contractFillList = defineCall({
  method: 'POST',
  path: '/api/contract/fill/list',
  summary: 'My perpetual fills, newest first, paged',
  tags,
  auth: 'user',
  keyScope: 'read',
  query: orderListQuery.omit({ status: true }),
  data: pageOf(perpFillSchema),
});

export const contractFundingList = defineCall({
  method: 'POST',
  path: '/api/contract/funding/list',
  summary: 'My funding payments, newest first, paged',
  tags,
  auth: 'user',
  keyScope: 'read',
  query: orderListQuery.omit({ status: true }),
  data: pageOf(perpFundingPaymentSchema),
});

export const contractAccount = defineCall({
  method: 'GET',
  path: '/api/contract/account',
  summary:
    'My contract account in one margin coin (USDT by default, or an inverse market coin): wallet, margins, unrealised PnL, equity, maintenance',
  tags,
  auth: 'user',
  keyScope: 'read',
  query: z.strictObject({
    coin: z
      .string()
      .regex(/^[A-Za-z0-9]{1,12}$/)
      .optional(),
  }),
  data: perpAccountSchema,
});

export const contractSettings = defineCall({
  method: 'GET',
  path: '/api/contract/settings',
  summary: 'My leverage and margin mode per perpetual market',
  tags,
  auth: 'user',
  keyScope: 'read',
  data: z.array(perpSettingSchema),
});

export const contractFundingHistory = defineCall({
  method: 'GET',
  path: '/api/contract/fundingHistory',
  summary: "A market's past funding rates, newest first",
  tags,
  auth: 'public',
  query: z.strictObject({
    symbol: symbolSchema,
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  data: z.array(
    z.object({
      time: z.number().int(),
      rate: perpRateString,
      markPrice: decimalString,
    }),
  ),
});

export const contractInsurance = defineCall({
  method: 'GET',
  path: '/api/contract/insurance',
  summary: 'The insurance fund and the security fund balances (public), per coin',
  tags,
  auth: 'public',
  data: z.array(
    z.object({
      coin: z.string(),
      insuranceFund: decimalString,
      securityFund: decimalString,
    }),
  ),
});

/*
 * The newer family. The seed's `open/getContract`, `open/get/contractDetail` and
 * `open/market/initData?type=contract` answer the quote lists' rows (market.ts), which
 * show the perpetuals with their own prices; the full published rules and figures of the
 * perpetuals are `/api/contract/markets`, `/api/contract/tickers` and `/api/contract/initData`.
 */

/**
 * The coin family's order body: direction 1 opens a long (buy), 2 opens a short (sell),
 * 3 closes a long (sell, reduce-only), 4 closes a short (buy, reduce-only).
 */
export const coinContractOrderBody = z.strictObject({
  direction: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  type: perpOrderTypeSchema,
  price: amountInput.optional(),
  triggerPrice: amountInput.optional(),
  trigger: perpTriggerSchema.optional(),
  amount: z.string().regex(/^\d{1,9}$/),
  timeInForce: perpTimeInForceSchema.optional(),
  clientOrderId: z.string().regex(CLIENT_ORDER_ID_PATTERN).optional(),
});

export const coinContractOpen = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/entrust/contract/open/:t',
  summary: 'Open or add to a position in market t (direction 1 long, 2 short)',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  params: z.strictObject({ t: symbolSchema }),
  body: coinContractOrderBody,
  data: perpOrderSchema,
});

export const coinContractClose = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/entrust/contract/close/:t',
  summary: 'Close (reduce-only) a position in market t (direction 3 closes a long, 4 a short)',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  params: z.strictObject({ t: symbolSchema }),
  body: coinContractOrderBody,
  data: perpOrderSchema,
});

export const coinMyPosition = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/entrust/get/myPosition/:a',
  summary: 'My positions in market a (or `all`)',
  tags,
  auth: 'user',
  keyScope: 'read',
  params: z.strictObject({ a: z.union([symbolSchema, z.literal('all')]) }),
  data: z.array(perpPositionSchema),
});

export const coinContractLeverage = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/wallet/contract/updateLeverageRadio',
  summary:
    "Set my leverage in a market (at most its tier's maximum for my position and open orders)",
  tags,
  auth: 'user',
  keyScope: 'trade',
  body: z.strictObject({
    symbol: symbolSchema,
    leverage: z.coerce.number().int().min(1).max(200),
  }),
  data: perpSettingSchema,
});

export const coinContractMarginMode = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/wallet/contract/updateBond',
  summary: 'Set my margin mode in a market (isolated or cross); only with no position or order',
  tags,
  auth: 'user',
  keyScope: 'trade',
  body: z.strictObject({ symbol: symbolSchema, marginMode: perpMarginModeSchema }),
  data: perpSettingSchema,
});

export const coinContractEntrustLog = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/entrust/entrustlogContract/:a/:b/:c',
  summary: 'My perpetual orders in market a (or `all`), status b (open/history/all), page c',
  tags,
  auth: 'user',
  keyScope: 'read',
  params: z.strictObject({
    a: z.union([symbolSchema, z.literal('all')]),
    b: z.enum(['open', 'history', 'all']),
    c: z.coerce.number().int().min(1).max(10_000),
  }),
  data: pageOf(perpOrderSchema),
});

export const coinContractCloseAll = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/entrust/contract/close/onekey',
  summary:
    'Close all my positions at market, or those of the listed markets; contractType U closes only USDT-margined ones, B only coin-margined ones',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  body: z.strictObject({
    oneKeySymbolNameList: z.array(symbolSchema).max(50).default([]),
    contractType: perpContractTypeSchema.optional(),
  }),
  data: z.object({ orders: z.array(perpOrderSchema) }),
});

export const coinFundingRate = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/open/getFundingRate',
  summary: "A market's last and estimated funding rate, next funding time, mark and index",
  tags,
  auth: 'public',
  query: z.strictObject({ symbolName: symbolSchema }),
  data: perpTickerSchema,
});

export const coinMaintenanceMargin = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/entrust/get/getUbwMaintenanceMargin',
  summary: 'My U-contract account with its maintenance margin and cross margin ratio',
  tags,
  auth: 'user',
  keyScope: 'read',
  data: perpAccountSchema,
});

export const coinInverseMaintenanceMargin = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/entrust/get/getBbwMaintenanceMargin/:a',
  summary:
    "A coin-margined market's maintenance-margin tiers (in its coin) and my account in that coin",
  tags,
  auth: 'user',
  keyScope: 'read',
  params: z.strictObject({ a: symbolSchema }),
  data: z.object({
    symbol: symbolSchema,
    coin: z.string(),
    tiers: z.array(perpTierSchema),
    account: perpAccountSchema,
  }),
});

export const coinGetContract = defineCall({
  method: 'GET',
  path: '/api/contract/markets',
  summary: 'The perpetual markets with their published rules (tiers, fees, funding)',
  tags,
  auth: 'public',
  data: z.array(perpMarketSchema),
});

export const coinContractDetail = defineCall({
  method: 'POST',
  path: '/api/contract/tickers',
  summary: 'Live figures of the listed perpetual markets (all when the list is empty)',
  tags,
  auth: 'public',
  body: z.strictObject({
    symbolNameList: z.array(symbolSchema).max(100).default([]),
    type: perpContractTypeSchema.optional(),
  }),
  data: z.array(perpTickerSchema),
});

export const coinMarketInitData = defineCall({
  method: 'GET',
  path: '/api/contract/initData',
  summary:
    'The perpetual markets and their live figures in one answer (type U: USDT-margined only, B: coin-margined only)',
  tags,
  auth: 'public',
  query: z.strictObject({ type: perpContractTypeSchema.optional() }),
  data: z.object({
    markets: z.array(perpMarketSchema),
    tickers: z.array(perpTickerSchema),
  }),
});

export const contractDepth = defineCall({
  method: 'GET',
  path: '/api/contract/depth',
  summary: "A perpetual market's order book: price levels with contracts, best first",
  tags,
  auth: 'public',
  query: z.strictObject({
    symbol: symbolSchema,
    limit: z.coerce.number().int().min(1).max(200).default(20),
  }),
  data: z.object({
    bids: z.array(z.tuple([decimalString, z.number().int()])),
    asks: z.array(z.tuple([decimalString, z.number().int()])),
  }),
});

export const contractTrades = defineCall({
  method: 'GET',
  path: '/api/contract/trades',
  summary: "A perpetual market's latest trades, newest first",
  tags,
  auth: 'public',
  query: z.strictObject({
    symbol: symbolSchema,
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  data: z.array(
    z.object({
      id: z.string(),
      price: decimalString,
      contracts: z.number().int(),
      takerSide: perpOrderSideSchema,
      time: z.number().int(),
    }),
  ),
});

/**
 * A mass quote, as market makers send it: every open order of the caller in `symbol` is
 * cancelled and these post-only limit orders placed, in one engine step.
 */
export const contractOrderMassQuote = defineCall({
  method: 'POST',
  path: '/api/contract/order/massQuote',
  summary:
    'Replace all my open perpetual orders in one market with new post-only limit orders, in one engine step; Idempotency-Key accepted',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  body: z.strictObject({
    symbol: symbolSchema,
    orders: z
      .array(
        z.strictObject({
          side: perpOrderSideSchema,
          price: amountInput,
          contracts: z.string().regex(/^\d{1,9}$/),
        }),
      )
      .min(1)
      .max(50),
  }),
  data: z.object({
    cancelled: z.array(z.string()),
    orders: z.array(
      z.union([
        z.object({ order: perpOrderSchema }),
        z.object({ reason: z.string(), field: z.string().nullable() }),
      ]),
    ),
  }),
});

/*
 * PRODUCT.md section 3: the balance of an external MetaTrader 5 bridge, through an adapter
 * interface. With no bridge configured (the default) the call answers `mt5_not_configured`
 * in the caller's language, never a number.
 */
export const commonMt5Amount = defineCall({
  method: 'GET',
  path: '/api/common/getMt5Amount',
  summary:
    "My balance in a coin at the configured MetaTrader 5 bridge (answers 'not configured' when there is none)",
  tags,
  auth: 'user',
  keyScope: 'read',
  query: z.strictObject({ coin: z.string().regex(/^[A-Za-z0-9]{1,12}$/) }),
  data: z.object({ coin: z.string(), amount: decimalString }),
});
