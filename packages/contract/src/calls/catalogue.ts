import { z } from 'zod';
import { defineCall } from '../define.ts';
import { decimalString, marketStateSchema, symbolSchema } from './market.ts';

// The catalogue's operator calls (issue 16): list coins and markets, pause and resume
// trading, schedule fee changes. Only listing parameters: none sets a price, a fill, a
// settlement or a profit (PRODUCT.md 2.1). Reads need `catalogue.read` (every role),
// writes `catalogue.write` (admin); every write leaves an audit row.

const tags = ['operators', 'catalogue'];

/** Trading: the book takes new orders. Paused: it keeps its orders and takes cancels only. */
export type MarketTradingState = z.infer<typeof marketStateSchema>;

/** A positive decimal as an operator types it, checked against its coin's decimals server-side. */
const amountInput = z
  .string()
  .trim()
  .regex(/^\d{1,40}(\.\d{1,18})?$/);
const bps = z.number().int();
const coinCode = z.string().trim().min(1).max(10);
const reason = z.string().trim().min(3).max(500).optional();

export const catalogueCoinSchema = z.object({
  code: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  icon: z.string().nullable(),
  depositEnabled: z.boolean(),
  withdrawEnabled: z.boolean(),
  position: z.number().int(),
});
export type CatalogueCoin = z.infer<typeof catalogueCoinSchema>;

export const catalogueMarketSchema = z.object({
  symbol: symbolSchema,
  base: z.string(),
  quote: z.string(),
  /** In the quote coin: price step, smallest order value, the simulated index's start. */
  tickSize: decimalString,
  lotSize: decimalString,
  minNotional: decimalString,
  referencePrice: decimalString,
  makerFeeBps: z.number().int(),
  takerFeeBps: z.number().int(),
  bandBps: z.number().int(),
  state: marketStateSchema,
  priceDecimals: z.number().int(),
  quantityDecimals: z.number().int(),
  lists: z.object({ spot: z.boolean(), second: z.boolean(), contract: z.boolean() }),
  plate: z.array(z.string()),
  /** The simulated index's typical one-second move, parts per million. */
  volatilityPpm: z.number().int(),
  position: z.number().int(),
});
export type CatalogueMarket = z.infer<typeof catalogueMarketSchema>;

export const feeChangeSchema = z.object({
  id: z.string(),
  symbol: symbolSchema,
  makerFeeBps: z.number().int(),
  takerFeeBps: z.number().int(),
  effectiveAt: z.string(),
  /** scheduled, applying (its time came; the engine is taking it), applied or cancelled. */
  status: z.enum(['scheduled', 'applying', 'applied', 'cancelled']),
  createdBy: z.string(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type FeeChange = z.infer<typeof feeChangeSchema>;

export const opsCatalogue = defineCall({
  method: 'GET',
  path: '/api/ops/catalogue',
  summary: 'Every listed coin and market, and the fee changes scheduled or done',
  tags,
  auth: 'operator',
  permission: 'catalogue.read',
  data: z.object({
    coins: z.array(catalogueCoinSchema),
    markets: z.array(catalogueMarketSchema),
    feeChanges: z.array(feeChangeSchema),
  }),
});

export const opsAddCoin = defineCall({
  method: 'POST',
  path: '/api/ops/catalogue/coins',
  summary: 'List a coin: code, name, decimals, icon, deposit and withdrawal switches',
  tags,
  auth: 'operator',
  permission: 'catalogue.write',
  body: z.strictObject({
    code: coinCode,
    name: z.string().trim().min(1).max(64),
    decimals: z.number().int(),
    icon: z.string().trim().max(256).nullable().default(null),
    depositEnabled: z.boolean().default(true),
    withdrawEnabled: z.boolean().default(true),
  }),
  data: catalogueCoinSchema,
});

export const opsAddMarket = defineCall({
  method: 'POST',
  path: '/api/ops/catalogue/markets',
  summary: 'List a spot market between two listed coins; it trades at once (or paused)',
  tags,
  auth: 'operator',
  permission: 'catalogue.write',
  body: z.strictObject({
    base: coinCode,
    quote: coinCode,
    tickSize: amountInput,
    lotSize: amountInput,
    minNotional: amountInput,
    makerFeeBps: bps,
    takerFeeBps: bps,
    bandBps: bps,
    priceDecimals: z.number().int(),
    quantityDecimals: z.number().int(),
    referencePrice: amountInput,
    volatilityPpm: z.number().int(),
    lists: z
      .strictObject({ spot: z.boolean(), second: z.boolean() })
      .default({ spot: true, second: false }),
    plate: z
      .array(z.string().regex(/^[a-z]{1,16}$/))
      .max(4)
      .default([]),
    state: marketStateSchema.default('trading'),
  }),
  data: catalogueMarketSchema,
});

const symbolParams = z.strictObject({ symbol: symbolSchema });

export const opsPauseMarket = defineCall({
  method: 'POST',
  path: '/api/ops/catalogue/markets/:symbol/pause',
  summary: 'Pause trading: open orders stay, the book takes cancels only',
  tags,
  auth: 'operator',
  permission: 'catalogue.write',
  params: symbolParams,
  body: z.strictObject({ reason }),
  data: catalogueMarketSchema,
});

export const opsResumeMarket = defineCall({
  method: 'POST',
  path: '/api/ops/catalogue/markets/:symbol/resume',
  summary: 'Resume trading on a paused market',
  tags,
  auth: 'operator',
  permission: 'catalogue.write',
  params: symbolParams,
  body: z.strictObject({ reason }),
  data: catalogueMarketSchema,
});

export const opsScheduleFeeChange = defineCall({
  method: 'POST',
  path: '/api/ops/catalogue/markets/:symbol/fee-changes',
  summary: "Schedule a market's new maker and taker fees from a future time",
  tags,
  auth: 'operator',
  permission: 'catalogue.write',
  params: symbolParams,
  body: z.strictObject({
    makerFeeBps: bps,
    takerFeeBps: bps,
    /** ISO 8601 time, in the future, at most a year ahead. */
    effectiveAt: z.iso.datetime({ offset: true }),
    reason,
  }),
  data: feeChangeSchema,
});

export const opsCancelFeeChange = defineCall({
  method: 'POST',
  path: '/api/ops/catalogue/fee-changes/:id/cancel',
  summary: 'Cancel a scheduled fee change before its time',
  tags,
  auth: 'operator',
  permission: 'catalogue.write',
  params: z.strictObject({ id: z.string().min(1).max(64) }),
  body: z.strictObject({ reason }),
  data: feeChangeSchema,
});
