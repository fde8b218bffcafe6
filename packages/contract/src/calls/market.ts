import { z } from 'zod';
import { defineCall } from '../define.ts';

/** A decimal string as amounts and prices travel: digits, an optional fraction, no exponent. */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

/** Symbol rule (seed section 9): lowercase base + quote, e.g. `btcusdt`. */
export const symbolSchema = z.string().regex(/^[a-z0-9]{2,20}$/);

export const klineIntervalSchema = z.enum(['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M']);

/** Seed section 3: a coin list entry. */
export const coinListEntrySchema = z.object({
  coin: z.string(),
  baseCoin: z.string(),
  symbol: symbolSchema,
  showSymbol: z.string(),
  /** 2: show `showSymbol` instead of the plain symbol. */
  customizeFlag: z.number().int(),
  /** 3: the entry's 24-hour volume is looked up separately (success code '200'). */
  coinType: z.number().int(),
  /** 24-hour quote amount traded. */
  amount: decimalString,
  /** Price 24 hours ago. */
  open: decimalString,
});

export const getCoinList = defineCall({
  method: 'POST',
  path: '/api/common/getCoinList',
  summary: 'The second-contract, spot and contract coin lists',
  tags: ['market'],
  auth: 'public',
  data: z.object({
    coinList: z.array(coinListEntrySchema),
    currencyList: z.array(coinListEntrySchema),
    contractList: z.array(coinListEntrySchema),
  }),
});

/** Seed section 3: price info per symbol (the DETAIL message carries the same). */
export const priceInfoSchema = z.object({
  symbol: symbolSchema,
  close: decimalString,
  open: decimalString,
  openPrice: decimalString,
  low: decimalString,
  high: decimalString,
  volume: decimalString,
  volume24: decimalString,
  high24: decimalString,
  low24: decimalString,
  /** Last price minus the price 24 hours ago. */
  change: decimalString,
  /** Signed percent with 2 decimals, e.g. `-1.25`. */
  priceChangePercent: decimalString,
  /** Index price of the same moment (where the feed has one). */
  indexPrice: decimalString.nullable(),
  time: z.number().int(),
});
export type PriceInfo = z.infer<typeof priceInfoSchema>;

/** A market trades, or is paused by an operator (open orders stay, only cancels pass). */
export const marketStateSchema = z.enum(['trading', 'paused']);

/** Seed section 3: a market row of the quote tables. */
export const marketRowSchema = z.object({
  id: z.string(),
  c_id: z.string(),
  symbol_name: z.string(),
  base_symbol: z.string(),
  plate: z.string(),
  close: decimalString,
  amount: decimalString,
  zdf: decimalString,
  /** Decimals of the price (part) and of the quantity (full). */
  part_cou: z.number().int(),
  full_cou: z.number().int(),
  /** 1 when the signed-in user has the market in the watchlist. */
  collect: z.number().int(),
  state: marketStateSchema,
});
export type MarketRow = z.infer<typeof marketRowSchema>;

export const getSpotGoods = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/open/getSpotGoods',
  summary: 'Spot market rows',
  tags: ['market'],
  auth: 'optional',
  data: z.array(marketRowSchema),
});

export const getContract = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/open/getContract',
  summary: 'USDT-margined contract market rows',
  tags: ['market'],
  auth: 'optional',
  data: z.array(marketRowSchema),
});

export const tradeSchema = z.object({
  id: z.string(),
  price: decimalString,
  amount: decimalString,
  /** The taker's side. */
  direction: z.enum(['buy', 'sell']),
  time: z.number().int(),
});

export const recentTrades = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/open/transaction/:a/:b',
  summary: 'Latest trades of the market a/b (newest first)',
  tags: ['market'],
  auth: 'public',
  params: z.strictObject({ a: z.string().min(1).max(12), b: z.string().min(1).max(12) }),
  query: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(50) }),
  data: z.array(tradeSchema),
});

export const getPriceComparison = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/open/getPriceComparison/:a',
  summary: "A market's last price beside its index price and their difference",
  tags: ['market'],
  auth: 'public',
  params: z.strictObject({ a: symbolSchema }),
  data: z.object({
    symbol: symbolSchema,
    lastPrice: decimalString,
    indexPrice: decimalString,
    source: z.string(),
    /** (last - index) / index, percent with 2 decimals. */
    deviationPercent: decimalString,
    time: z.number().int(),
  }),
});

export const marketInitData = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/open/market/initData',
  summary: 'Rows and price info of every market of a type, for the market page',
  tags: ['market'],
  auth: 'optional',
  query: z.strictObject({ type: z.enum(['spot', 'contract']).default('spot') }),
  data: z.object({ rows: z.array(marketRowSchema), tickers: z.array(priceInfoSchema) }),
});

export const contractDetail = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/open/get/contractDetail',
  summary: 'Price info of the listed symbols',
  tags: ['market'],
  auth: 'public',
  body: z.strictObject({
    symbolNameList: z.array(z.string().min(1).max(24)).min(1).max(50),
    type: z.enum(['spot', 'contract']).default('spot'),
    /** With type contract: U only USDT-margined perpetuals, B only coin-margined ones. */
    contractType: z.enum(['U', 'B']).optional(),
  }),
  data: z.array(priceInfoSchema),
});

export const candleSchema = z.object({
  time: z.number().int(),
  open: decimalString,
  high: decimalString,
  low: decimalString,
  close: decimalString,
  volume: decimalString,
  amount: decimalString,
});
export type CandleData = z.infer<typeof candleSchema>;

export const getKlines = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/open/kline/:symbol',
  summary: 'Candles of a market, oldest first (the last one is still open)',
  tags: ['market'],
  auth: 'public',
  params: z.strictObject({ symbol: symbolSchema }),
  query: z.strictObject({
    interval: klineIntervalSchema.default('1m'),
    limit: z.coerce.number().int().min(1).max(1000).default(300),
    /** Candles opening before this time (ms), for paging back. */
    before: z.coerce.number().int().positive().optional(),
  }),
  data: z.array(candleSchema),
});

export const depthLevelSchema = z.tuple([decimalString, decimalString]);
export const depthSchema = z.object({
  symbol: symbolSchema,
  /** Best first: [price, quantity]. */
  bids: z.array(depthLevelSchema),
  asks: z.array(depthLevelSchema),
  time: z.number().int(),
});

export const getDepth = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/open/depth/:symbol',
  summary: 'Order book levels of a market',
  tags: ['market'],
  auth: 'public',
  params: z.strictObject({ symbol: symbolSchema }),
  query: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
  data: depthSchema,
});

export const getOptional = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/quotes/getOptional',
  summary: "The signed-in user's watchlist",
  tags: ['market'],
  auth: 'user',
  keyScope: 'read',
  data: z.array(marketRowSchema),
});

const favouriteParams = z.strictObject({
  a: z.string().min(1).max(12),
  b: z.string().min(1).max(12),
});

export const addOptional = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/quotes/addOptional/:a/:b',
  summary: 'Add the market a/b to the watchlist',
  tags: ['market'],
  auth: 'user',
  params: favouriteParams,
  data: z.null(),
});

export const cancelOptional = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/quotes/cancelOptional/:a/:b',
  summary: 'Remove the market a/b from the watchlist',
  tags: ['market'],
  auth: 'user',
  params: favouriteParams,
  data: z.null(),
});

/** Seed section 3: an exchange rate item. */
export const exchangeRateSchema = z.object({
  exchange_value: z.string(),
  quote_currency: z.string(),
  exchange_code: z.string(),
  /** Units of `exchange_code` for one USDT. */
  rate: decimalString,
  symbol: z.string(),
});

export const getCoinRate = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/assets/getCoinRate',
  summary: 'Display currencies and their reference rates (published configuration)',
  tags: ['market'],
  auth: 'public',
  data: z.array(exchangeRateSchema),
});
