import { z } from 'zod';
import { defineCall } from '../define.ts';
import { decimalString, symbolSchema } from './market.ts';
import { pageOf } from '../paging.ts';

/*
 * Second contracts (issue 18; PRODUCT.md 2.2): fixed-period up/down contracts on a
 * market's index, settled on the first index tick at or after expiry. Periods are data,
 * published before the user commits; the pool that pays wins is public.
 */

/** A rate as a decimal fraction with at most 4 places: `0.2` is 20 %. */
export const rateString = z.string().regex(/^\d{1,2}(\.\d{1,4})?$/);

export const periodSchema = z.object({
  id: z.string(),
  symbol: symbolSchema,
  /** The stake's coin (the market's quote). */
  coin: z.string(),
  /** The period in seconds. */
  seconds: z.number().int(),
  /** A win pays stake × profitRate on top of the stake. */
  profitRate: rateString,
  /** A loss forfeits stake × lossRate. */
  lossRate: rateString,
  /** Whole coins. */
  minStake: z.string().regex(/^\d+$/),
  maxStake: z.string().regex(/^\d+$/),
  /** The service charge: stake × chargeRate, paid whatever the outcome. */
  chargeRate: rateString,
  enabled: z.boolean(),
});
export type Period = z.infer<typeof periodSchema>;

export const periodList = defineCall({
  method: 'POST',
  path: '/api/period/list',
  summary:
    "The second-contract periods (all, or one market's): seconds, profit and loss rates, stake limits and service charge",
  tags: ['seconds'],
  auth: 'public',
  body: z.strictObject({ symbol: symbolSchema.optional() }),
  data: z.array(periodSchema),
});

export const secondsDirectionSchema = z.enum(['up', 'down']);
export const secondsOutcomeSchema = z.enum(['win', 'loss', 'tie']);

/** The settling index tick: its engine sequence number (its id), time, price and source. */
export const settlementTickSchema = z.object({
  id: z.string(),
  time: z.number().int(),
  price: decimalString,
  source: z.string(),
});

/** A second contract with the seed's trade-order fields (section 3). */
export const secondContractSchema = z.object({
  id: z.string(),
  symbol: symbolSchema,
  coin: z.string(),
  direction: secondsDirectionSchema,
  /** The period in seconds. */
  period: z.number().int(),
  /** The stake ("quantity"). */
  amount: decimalString,
  serviceCharge: decimalString,
  profitRate: rateString,
  lossRate: rateString,
  /** The index at opening ("open price", "buy price"), and its tick's id. */
  openPrice: decimalString,
  openTickId: z.string(),
  createTime: z.number().int(),
  /** When it settles at the earliest: createTime + period. */
  expiryTime: z.number().int(),
  status: z.enum(['open', 'settled']),
  /** The index now, while open; the close price once settled. */
  currentPrice: decimalString.nullable(),
  outcome: secondsOutcomeSchema.nullable(),
  /** Profit (positive) or loss (negative) on the stake, the charge aside. */
  profitLoss: decimalString.nullable(),
  /** What came back: stake plus profit, stake minus loss, or the stake. */
  payout: decimalString.nullable(),
  closePrice: decimalString.nullable(),
  closeTime: z.number().int().nullable(),
  settlement: settlementTickSchema.nullable(),
});
export type SecondContract = z.infer<typeof secondContractSchema>;

export const createSecondContractBody = z.strictObject({
  symbol: symbolSchema,
  periodId: z.string().min(1).max(64),
  direction: secondsDirectionSchema,
  /** Whole coins of the stake. */
  amount: z.string().trim().min(1).max(40),
});

export const createSecondContractOrder = defineCall({
  method: 'POST',
  path: '/api/secondContractOrder/createSecondContractOrder',
  summary:
    'Open a second contract: stake + service charge are held from the spot balance until the first index tick at or after expiry settles it',
  tags: ['seconds'],
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  body: createSecondContractBody,
  data: secondContractSchema,
});

export const selectOrderListBody = z.strictObject({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  symbol: symbolSchema.optional(),
  status: z.enum(['open', 'settled']).optional(),
});

export const selectOrderList = defineCall({
  method: 'POST',
  path: '/api/secondContractOrder/selectOrderList',
  summary:
    "The signed-in user's second contracts: open ones first (soonest expiry), then settled, newest first",
  tags: ['seconds'],
  auth: 'user',
  keyScope: 'read',
  body: selectOrderListBody,
  data: pageOf(secondContractSchema),
});

export const secondsPoolSchema = z.object({
  coin: z.string(),
  /** The pool's own money: what pays wins. */
  balance: decimalString,
  /** What the open contracts' wins would take from it at most. */
  committed: decimalString,
});

export const secondsPool = defineCall({
  method: 'GET',
  path: '/api/secondContractOrder/pool',
  summary: "The second-contract pool's balance per coin and what open contracts may take from it",
  tags: ['seconds'],
  auth: 'public',
  data: z.array(secondsPoolSchema),
});

/** The index ticks around a moment, as stored from the feed (the history behind a settlement). */
export const indexTicksAround = defineCall({
  method: 'GET',
  path: '/api/secondContractOrder/indexTicks',
  summary: 'The stored index ticks of a market within 30 seconds either side of a time',
  tags: ['seconds'],
  auth: 'public',
  query: z.strictObject({ symbol: symbolSchema, time: z.coerce.number().int().min(0) }),
  data: z.array(z.object({ time: z.number().int(), price: decimalString, source: z.string() })),
});

const periodInput = z.strictObject({
  symbol: symbolSchema,
  seconds: z.coerce.number().int().min(5).max(86_400),
  profitRate: rateString,
  lossRate: rateString,
  minStake: z.string().regex(/^\d{1,15}$/),
  maxStake: z.string().regex(/^\d{1,15}$/),
  chargeRate: rateString,
  enabled: z.boolean(),
});

export const opsSecondPeriods = defineCall({
  method: 'GET',
  path: '/api/ops/seconds/periods',
  summary: 'Every second-contract period, enabled or not, with the pool per coin',
  tags: ['seconds'],
  auth: 'operator',
  permission: 'seconds.manage',
  data: z.object({ periods: z.array(periodSchema), pools: z.array(secondsPoolSchema) }),
});

export const opsSaveSecondPeriod = defineCall({
  method: 'POST',
  path: '/api/ops/seconds/periods',
  summary:
    "Create a market's period or change one (rates, stake limits, charge, enabled): contracts already open keep their terms",
  tags: ['seconds'],
  auth: 'operator',
  permission: 'seconds.manage',
  body: periodInput,
  data: periodSchema,
});

export const opsFundSecondsPool = defineCall({
  method: 'POST',
  path: '/api/ops/seconds/pool/fund',
  summary:
    'Move operator capital into the second-contract pool of a coin (an engine adjustment, once per reference)',
  tags: ['seconds'],
  auth: 'operator',
  permission: 'seconds.manage',
  body: z.strictObject({
    coin: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{2,12}$/),
    amount: z.string().trim().min(1).max(40),
    reference: z.string().trim().min(3).max(64),
  }),
  data: secondsPoolSchema,
});
