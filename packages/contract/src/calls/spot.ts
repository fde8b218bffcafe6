import { z } from 'zod';
import { CLIENT_ORDER_ID_PATTERN } from '@meridian/core';
import { defineCall } from '../define.ts';
import { decimalString, symbolSchema } from './market.ts';

/**
 * Spot trading, issue 7: two call families over the same engine. The older
 * `/api/currency/order/...` calls and the newer `/api/{head}/coin/...` calls place, list
 * and cancel the same orders, so an order placed through one is seen through the other.
 */

/**
 * Amounts and prices the user types arrive as strings and are read by the engine's own
 * rules (tick, lot, decimals, sign), so a refusal names the exact fault and field.
 */
const amountInput = z.string().min(1).max(64);

export const orderSideSchema = z.enum(['buy', 'sell']);
export const clientOrderIdSchema = z.string().regex(CLIENT_ORDER_ID_PATTERN);
export const orderTypeSchema = z.enum(['limit', 'market', 'stop_limit']);
export const timeInForceSchema = z.enum(['GTC', 'IOC', 'FOK', 'POST_ONLY']);

/** The order fields both families send; `symbol` comes from the body or from the path. */
const orderFields = {
  side: orderSideSchema,
  type: orderTypeSchema,
  /** Limit price (limit and stop-limit orders). */
  price: amountInput.optional(),
  /** Base quantity; a market buy may give `quoteAmount` instead. */
  quantity: amountInput.optional(),
  /** Market buy only: how much quote to spend. */
  quoteAmount: amountInput.optional(),
  /** Stop-limit only: the last price that releases the order to the book. */
  triggerPrice: amountInput.optional(),
  timeInForce: timeInForceSchema.optional(),
  /**
   * The caller's own id for the order: unique among the caller's open orders and those
   * closed in the last 24 hours (a repeat is refused, `clientOrderIdTaken`); it comes
   * back in every answer and event and finds or cancels the order.
   */
  clientOrderId: clientOrderIdSchema.optional(),
};

export const submitOrderBody = z.strictObject({
  symbol: symbolSchema,
  ...orderFields,
  /**
   * Trade from a margin account instead of the spot wallet: `cross` (the cross account) or
   * `isolated` (the pair's own account, which trades only its pair). Absent: spot.
   */
  margin: z.enum(['cross', 'isolated']).optional(),
  /**
   * With `margin`: borrow what the order lacks (in the coin it spends) when it is placed,
   * in the same step; refused whole if the account may not borrow that much.
   */
  autoBorrow: z.boolean().optional(),
  /**
   * With `margin`: each fill repays the account's loan in the coin it brings in (interest
   * first, up to what is owed), as it settles.
   */
  autoRepay: z.boolean().optional(),
});
export const exchangeOrderBody = z.strictObject(orderFields);

/**
 * What an order shows (the seed's entrusted order): `waiting` = waiting for a fill (or,
 * with `triggered: false`, for its trigger price), `partial` = partially filled.
 */
export const spotOrderSchema = z.object({
  id: z.string(),
  symbol: symbolSchema,
  side: orderSideSchema,
  type: orderTypeSchema,
  timeInForce: timeInForceSchema,
  clientOrderId: z.string().nullable(),
  /** Entrusted price; null for market orders. */
  price: decimalString.nullable(),
  /** Entrusted quantity; null for a market buy by quote amount. */
  quantity: decimalString.nullable(),
  quoteAmount: decimalString.nullable(),
  filledQuantity: decimalString,
  /** Quote amount of the fills so far. */
  filledValue: decimalString,
  /** Null until the first fill. */
  averagePrice: decimalString.nullable(),
  triggerPrice: decimalString.nullable(),
  triggered: z.boolean(),
  status: z.enum(['waiting', 'partial', 'filled', 'cancelled']),
  /** Price × quantity, or the quote amount of a market buy; null for a market order by quantity. */
  entrustedValue: decimalString.nullable(),
  /** Fees paid so far, in `feeCoin` (what this order receives). */
  fee: decimalString,
  feeCoin: z.string(),
  time: z.number().int(),
  updatedAt: z.number().int(),
});
export type SpotOrder = z.infer<typeof spotOrderSchema>;

/** One fill as seen by one of its sides. */
export const spotFillSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  symbol: symbolSchema,
  side: orderSideSchema,
  role: z.enum(['maker', 'taker']),
  price: decimalString,
  quantity: decimalString,
  /** Price × quantity in the quote asset. */
  value: decimalString,
  fee: decimalString,
  feeCoin: z.string(),
  time: z.number().int(),
});
export type SpotFill = z.infer<typeof spotFillSchema>;

export const orderPageSchema = z.object({
  list: z.array(spotOrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

/** `open`: waiting or partially filled; `history`: filled or cancelled; `all`: both. */
export const orderListStatusSchema = z.enum(['open', 'history', 'all']);

const pageFields = {
  symbol: symbolSchema.optional(),
  status: orderListStatusSchema.default('all'),
  page: z.number().int().min(1).max(100_000).default(1),
  size: z.number().int().min(1).max(100).default(20),
};
export const orderListBody = z.strictObject(pageFields);

const tags = ['spot'] as const;

/** One of the two, never both (`orderIdOrClientOrderId`). */
export const orderLookup = z.strictObject({
  id: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
  clientOrderId: clientOrderIdSchema.optional(),
});
export type OrderLookup = z.infer<typeof orderLookup>;

export const currencyOrderSubmit = defineCall({
  method: 'POST',
  path: '/api/currency/order/submit',
  summary: 'Place a spot order (limit, market, stop-limit); Idempotency-Key accepted',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  body: submitOrderBody,
  data: spotOrderSchema,
});

export const currencyOrderCancel = defineCall({
  method: 'POST',
  path: '/api/currency/order/cancelOrder',
  summary: 'Cancel one of my open spot orders, by id or client order id; Idempotency-Key accepted',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  query: orderLookup,
  data: spotOrderSchema,
});

export const currencyOrderGet = defineCall({
  method: 'GET',
  path: '/api/currency/order/get',
  summary: 'One of my spot orders, open or not, by id or client order id',
  tags,
  auth: 'user',
  keyScope: 'read',
  query: orderLookup,
  data: spotOrderSchema,
});

/**
 * Cancels every open order of the caller, in one market (`symbol`) or in every market:
 * each through the engine's own cancel command, all in one turn of the engine so no other
 * command comes between them. Answers how many were cancelled and which.
 */
export const cancelAllBody = z.strictObject({ symbol: symbolSchema.optional() });

export const currencyOrderCancelAll = defineCall({
  method: 'POST',
  path: '/api/currency/order/cancelAll',
  summary:
    'Cancel all my open spot orders, in one market or in every market; Idempotency-Key accepted',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  body: cancelAllBody,
  data: z.object({
    /** How many orders were cancelled (0 when none was open). */
    cancelled: z.number().int().min(0),
    /** Their ids, oldest first. */
    ids: z.array(z.string()),
  }),
});

/** At most this many orders in one mass quote (ten levels a side and room to spare). */
export const MASS_QUOTE_MAX_ORDERS = 50;

/**
 * A mass quote, as market makers send it: every open order of the caller in `symbol` is
 * cancelled and these limit orders placed, all in one turn of the engine, so the book
 * never shows the market without the caller's quotes and no other order comes between.
 */
export const massQuoteBody = z.strictObject({
  symbol: symbolSchema,
  orders: z
    .array(
      z.strictObject({
        side: orderSideSchema,
        price: amountInput,
        quantity: amountInput,
        /** GTC unless given; POST_ONLY refuses a quote that would take. */
        timeInForce: z.enum(['GTC', 'POST_ONLY']).optional(),
      }),
    )
    .min(1)
    .max(MASS_QUOTE_MAX_ORDERS),
});

export const currencyOrderMassQuote = defineCall({
  method: 'POST',
  path: '/api/currency/order/massQuote',
  summary:
    'Replace all my open orders in one market with new limit orders, in one engine turn; Idempotency-Key accepted',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  body: massQuoteBody,
  data: z.object({
    /** Ids of the orders cancelled, oldest first. */
    cancelled: z.array(z.string()),
    /** One entry per order sent, in order: the order placed, or why it was refused. */
    orders: z.array(
      z.union([
        z.object({ order: spotOrderSchema }),
        z.object({ reason: z.string(), field: z.string().nullable() }),
      ]),
    ),
  }),
});

export const currencyOrderList = defineCall({
  method: 'POST',
  path: '/api/currency/order/orderList',
  summary: 'My spot orders, newest first, paged',
  tags,
  auth: 'user',
  keyScope: 'read',
  body: orderListBody,
  data: orderPageSchema,
});

export const orderList = defineCall({
  method: 'POST',
  path: '/api/order/list',
  summary: 'My spot orders in every market, newest first, paged',
  tags,
  auth: 'user',
  keyScope: 'read',
  body: orderListBody,
  data: orderPageSchema,
});

const coinParam = z.string().min(1).max(12);
const walletSide = z.object({ coin: z.string(), available: decimalString, held: decimalString });

export const coinWallet = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/wallet/get/:a/:b',
  summary: 'Available and held balances of base a and quote b',
  tags,
  auth: 'user',
  keyScope: 'read',
  params: z.strictObject({ a: coinParam, b: coinParam }),
  data: z.object({ base: walletSide, quote: walletSide }),
});

export const entrustExchange = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/entrust/exchange/:a',
  summary: 'Place a spot order in market a; Idempotency-Key accepted',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  params: z.strictObject({ a: symbolSchema }),
  body: exchangeOrderBody,
  data: spotOrderSchema,
});

export const entrustCancel = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/entrust/cancel/entrust',
  summary: 'Cancel one of my open spot orders; Idempotency-Key accepted',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  body: z.strictObject({ id: z.string().regex(/^\d{1,15}$/) }),
  data: spotOrderSchema,
});

export const myExchangeLog = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/entrust/get/myExchangeLog/:a',
  summary: 'My latest fills in market a (up to 100, newest first)',
  tags,
  auth: 'user',
  keyScope: 'read',
  params: z.strictObject({ a: symbolSchema }),
  data: z.array(spotFillSchema),
});

export const entrustLog = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/entrust/entrustlog/:a/:b/:c',
  summary: 'My orders in market a with status b (open, history, all), page c of 20',
  tags,
  auth: 'user',
  keyScope: 'read',
  params: z.strictObject({
    a: symbolSchema,
    b: orderListStatusSchema,
    c: z.coerce.number().int().min(1).max(100_000),
  }),
  data: orderPageSchema,
});

export const entrustTransactionDetails = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/entrust/transaction/details/:id',
  summary: 'The fills of one of my orders',
  tags,
  auth: 'user',
  keyScope: 'read',
  params: z.strictObject({ id: z.string().regex(/^\d{1,15}$/) }),
  data: z.array(spotFillSchema),
});

export const entrustLogCurrency = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/entrust/getEntrustLogCurrency',
  summary: 'My spot orders, newest first, paged',
  tags,
  auth: 'user',
  keyScope: 'read',
  body: orderListBody,
  data: orderPageSchema,
});

/**
 * The asset security fund (PRODUCT section 2.4): 10% of every trading fee is posted to
 * it, and its balance per coin is public, shown next to the copy that mentions it.
 */
export const securityFund = defineCall({
  method: 'GET',
  path: '/api/common/securityFund',
  summary: 'Balance of the asset security fund per coin, and the share of fees it receives',
  tags,
  auth: 'public',
  data: z.object({
    /** The share of every trading fee posted to the fund, e.g. "0.1". */
    feeShare: decimalString,
    /** Every coin the fund holds, by coin code. */
    balances: z.array(z.object({ coin: z.string(), amount: decimalString })),
  }),
});

/** The published trading rules of one spot market: what the order form and rules page show. */
export const spotMarketRulesSchema = z.object({
  symbol: symbolSchema,
  base: z.string(),
  quote: z.string(),
  /** Smallest price step and quantity step, e.g. "0.01" and "0.0001". */
  tickSize: decimalString,
  lotSize: decimalString,
  /** Smallest order value in the quote coin. */
  minNotional: decimalString,
  /** Fee rates as fractions of the traded amount, e.g. "0.001" = 0.1%. */
  makerFeeRate: decimalString,
  takerFeeRate: decimalString,
  /** A market order fills only within this percentage of the best price. */
  priceBandPercent: decimalString,
  /** Paused: the market takes no new orders; open ones can be cancelled. */
  state: z.enum(['trading', 'paused']),
});
export type SpotMarketRules = z.infer<typeof spotMarketRulesSchema>;

export const spotMarkets = defineCall({
  method: 'GET',
  path: '/api/common/spotMarkets',
  summary: 'The trading rules of every spot market: steps, minimum value, fees, price band',
  tags,
  auth: 'public',
  data: z.array(spotMarketRulesSchema),
});
