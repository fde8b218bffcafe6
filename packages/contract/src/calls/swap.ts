import { z } from 'zod';
import { defineCall } from '../define.ts';
import { decimalString } from './market.ts';
import { pageOf } from '../paging.ts';

/*
 * Instant swap (issue 17; seed: "Swap: from, to, exchange quantity, today's rate"). A
 * quote converts at both coins' index prices in USDT less the published spread, then
 * takes the published fee from what it converts to; it holds for a few seconds, and a
 * swap settles exactly the quote the user saw, or is refused. Nothing here sets a price
 * (PRODUCT.md 2.1): the index comes from the market feed.
 */

const tags = ['swap'];

/** A coin code as the user names it (`btc` or `BTC`); checked against the listed coins. */
const coinInput = z.string().trim().toUpperCase().min(1).max(12);

/** Basis points: 1 = 0.01 %. What an operator may publish, at most 5 %. */
export const SWAP_MAX_BPS = 500;
const bpsSchema = z.number().int().min(0).max(SWAP_MAX_BPS);

/** The published terms every quote uses. */
export const swapTermsSchema = z.object({
  /** Taken off the index rate. */
  spreadBps: bpsSchema,
  /** Taken from what the swap converts to. */
  feeBps: bpsSchema,
  /** How long a quote holds, in seconds. */
  quoteSeconds: z.number().int(),
  /** The coins a swap takes and gives (USDT and every coin with a USDT index), with their decimals. */
  coins: z.array(z.object({ coin: z.string(), decimals: z.number().int() })),
  updatedAt: z.number().int().nullable(),
});
export type SwapTerms = z.infer<typeof swapTermsSchema>;

export const getSwapTerms = defineCall({
  method: 'GET',
  path: '/api/texchange/getSwapTerms',
  summary: 'The published swap spread and fee, how long a quote holds, and the coins offered',
  tags,
  auth: 'public',
  data: swapTermsSchema,
});

/** An index price a quote used: USDT for one coin, and when the index said so. */
export const swapIndexSchema = z.object({
  coin: z.string(),
  /** USDT for one coin; `1` for USDT itself. */
  price: decimalString,
  /** Milliseconds since 1970; null for USDT, which has no index. */
  time: z.number().int().nullable(),
});

const swapFigures = {
  from: z.string(),
  to: z.string(),
  /** What the user gives, in `from`. */
  quantity: decimalString,
  /** `to` per one `from`, after the spread (shown, never settled on). */
  rate: decimalString,
  /** What the spread leaves, in `to`, before the fee. */
  gross: decimalString,
  fee: decimalString,
  /** What the user receives: gross − fee. */
  net: decimalString,
  spreadBps: z.number().int(),
  feeBps: z.number().int(),
  prices: z.array(swapIndexSchema),
};

export const swapQuoteSchema = z.object({
  id: z.string(),
  ...swapFigures,
  createdAt: z.number().int(),
  /** After this (platform clock, ms since 1970) the quote is refused, never re-priced. */
  expiresAt: z.number().int(),
});
export type SwapQuote = z.infer<typeof swapQuoteSchema>;

export const swapQuoteInput = z.strictObject({
  from: coinInput,
  to: coinInput,
  /** What to give, in `from`: read by the coin's decimals, so a refusal names the fault. */
  quantity: z.string().trim().min(1).max(64),
});

export const getCurrencyPrice = defineCall({
  method: 'POST',
  path: '/api/texchange/getCurrencyPrice',
  summary:
    "A swap quote: today's rate from the index with the published spread, gross, fee and net, valid for a few seconds",
  tags,
  auth: 'user',
  keyScope: 'read',
  body: swapQuoteInput,
  data: swapQuoteSchema,
});

export const swapSchema = z.object({
  /** The quote's id: a swap is the quote it settled. */
  id: z.string(),
  ...swapFigures,
  /** When it settled (ms since 1970). */
  time: z.number().int(),
});
export type Swap = z.infer<typeof swapSchema>;

export const swapResultSchema = swapSchema.extend({
  /** The user's spot balances of both coins right after it. */
  balances: z.array(z.object({ coin: z.string(), available: decimalString })),
});
export type SwapResult = z.infer<typeof swapResultSchema>;

export const currencyExchange = defineCall({
  method: 'POST',
  path: '/api/texchange/currencyExchange',
  summary:
    'Swap at a quote from getCurrencyPrice, exactly as quoted (an expired quote is refused); Idempotency-Key accepted',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  body: z.strictObject({ quoteId: z.string().trim().min(1).max(64) }),
  data: swapResultSchema,
});

export const getSwapLog = defineCall({
  method: 'POST',
  path: '/api/texchange/getSwapLog',
  summary: 'My settled swaps, newest first, paged',
  tags,
  auth: 'user',
  keyScope: 'read',
  body: z.strictObject({
    current: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(10),
  }),
  data: pageOf(swapSchema),
});

/* The operators' side: the published terms and the pools that pay swaps. */

export const swapPoolSchema = z.object({
  coin: z.string(),
  /** What the pool holds to pay swaps into this coin. */
  balance: decimalString,
});

export const opsSwapSchema = z.object({
  terms: swapTermsSchema,
  pools: z.array(swapPoolSchema),
});
export type OpsSwap = z.infer<typeof opsSwapSchema>;

export const opsSwap = defineCall({
  method: 'GET',
  path: '/api/ops/swap',
  summary: 'The swap terms and the balance of every swap pool',
  tags,
  auth: 'operator',
  permission: 'swap.manage',
  data: opsSwapSchema,
});

export const opsSetSwapTerms = defineCall({
  method: 'POST',
  path: '/api/ops/swap/terms',
  summary:
    'Publish a new swap spread and fee (basis points, at most 5 %); quotes from now use them',
  tags,
  auth: 'operator',
  permission: 'swap.manage',
  body: z.strictObject({ spreadBps: bpsSchema, feeBps: bpsSchema }),
  data: opsSwapSchema,
});

export const opsFundSwapPool = defineCall({
  method: 'POST',
  path: '/api/ops/swap/pools',
  summary:
    "Move the operator's own capital into a swap pool (in) or back out of it (out), with a reason",
  tags,
  auth: 'operator',
  permission: 'swap.manage',
  body: z.strictObject({
    coin: z.string().regex(/^[A-Z0-9]{2,12}$/),
    direction: z.enum(['in', 'out']),
    amount: z.string().regex(/^\d{1,20}(\.\d{1,18})?$/),
    reason: z.string().trim().min(3).max(500),
  }),
  data: opsSwapSchema,
});
