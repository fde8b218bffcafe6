import { z } from 'zod';
import { defineCall } from '../define.ts';
import { decimalString } from './market.ts';
import { pageOf } from '../paging.ts';

/*
 * Earn, part 1 (issue 22): staking ("pledge") and finance products with exact daily
 * accrual. Every value a user commits to (rate, cycle, limits, penalty, timezone) is
 * published on the product and shown before subscribing; a position keeps the terms it
 * was opened with whatever operators change later.
 */

const tags = ['earn'];

/** A daily or penalty rate as a decimal fraction with at most 6 places: `0.0012` is 0.12 %. */
export const earnRateString = z.string().regex(/^(0|1)(\.\d{1,6})?$/);
/** A positive amount as decimal text (the coin's decimals are checked by the server). */
const amountInput = z.string().trim().min(1).max(40);
const coinCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,12}$/);

export const earnKindSchema = z.enum(['pledge', 'finance']);
/** The finance page's product tabs (seed section 2): value-added benefits, membership zone, ordinary. */
export const financeSectionSchema = z.enum(['benefit', 'vip', 'ordinary']);
export const earnProductStateSchema = z.enum(['active', 'paused']);
export const earnOrderStatusSchema = z.enum(['inProgress', 'completed', 'redeemed']);

/** A product as users see it: the seed's pledge and finance fields, all published. */
export const earnProductSchema = z.object({
  id: z.string(),
  kind: earnKindSchema,
  /** The finance tab it is listed under; null for staking. */
  section: financeSectionSchema.nullable(),
  coin: z.string(),
  /** Subscription bounds of one order. */
  minAmount: decimalString,
  maxAmount: decimalString,
  /** Income a day on the principal ("daily rate"); every day pays principal × rate, rounded down. */
  dailyRate: earnRateString,
  /** Cycle ("lock days") in days; the principal comes back when it ends. */
  cycleDays: z.number().int(),
  /** daily rate × cycle: what a cycle pays on the principal ("average income"). */
  cycleRate: decimalString,
  /** Income a day on the minimum amount ("average daily income"). */
  minDailyIncome: decimalString,
  /** Orders one user may place on it, ever ("purchasable count", "participation limit count"). */
  perUserLimit: z.number().int(),
  /** The product's total subscription limit, what is subscribed and what remains. */
  capacity: decimalString,
  subscribed: decimalString,
  remaining: decimalString,
  /** subscribed / capacity, in percent with two places ("progress"). */
  progress: decimalString,
  /** Kept back from the principal on an early redemption: principal × penaltyRate. */
  penaltyRate: earnRateString,
  /** The IANA timezone whose calendar days the product pays on. */
  timeZone: z.string(),
  vipOnly: z.boolean(),
  state: earnProductStateSchema,
  /**
   * Whether it takes a subscription of its minimum now: active, capacity left, and its
   * funding covers the income it has promised plus that subscription's.
   */
  open: z.boolean(),
});
export type EarnProduct = z.infer<typeof earnProductSchema>;

export const pledgeList = defineCall({
  method: 'POST',
  path: '/api/pledge/list',
  summary: 'The staking (pledge) products with their published terms, paused ones left out',
  tags,
  auth: 'public',
  body: z.strictObject({}),
  data: z.array(earnProductSchema),
});

export const financialList = defineCall({
  method: 'POST',
  path: '/api/financial/list',
  summary:
    "The finance products of one tab (value-added benefits, membership zone, ordinary), or all; membership-zone products take VIP users' subscriptions only",
  tags,
  auth: 'public',
  body: z.strictObject({ section: financeSectionSchema.optional() }),
  data: z.array(earnProductSchema),
});

export const earnProductDetail = defineCall({
  method: 'POST',
  path: '/api/earn/product',
  summary: "One product's published terms (the detail and subscribe pages)",
  tags,
  auth: 'public',
  body: z.strictObject({ id: z.string().min(1).max(64) }),
  data: earnProductSchema,
});

/** What a subscription commits to, computed by the server as it will be paid. */
export const earnQuoteSchema = z.object({
  productId: z.string(),
  coin: z.string(),
  amount: decimalString,
  dailyRate: earnRateString,
  cycleDays: z.number().int(),
  /** What each day pays. */
  dailyIncome: decimalString,
  /** dailyIncome × cycle ("estimated revenue"). */
  estimatedRevenue: decimalString,
  /** The first day that earns and the maturity date, in the product's timezone. */
  startDate: z.string(),
  endDate: z.string(),
  /** When the last day's income and the principal come back (start of endDate there). */
  paymentTime: z.number().int(),
  timeZone: z.string(),
  penaltyRate: earnRateString,
  /** What an early redemption would keep back. */
  penalty: decimalString,
  /** The finance wallet's available balance of the coin. */
  available: decimalString,
});
export type EarnQuote = z.infer<typeof earnQuoteSchema>;

const subscribeBody = z.strictObject({ productId: z.string().min(1).max(64), amount: amountInput });

export const earnQuote = defineCall({
  method: 'POST',
  path: '/api/earn/quote',
  summary: 'What subscribing this amount would pay, day by day and at maturity, before committing',
  tags,
  auth: 'user',
  keyScope: 'read',
  body: subscribeBody,
  data: earnQuoteSchema,
});

/** An order (position) with the seed's pledge-order fields. */
export const earnOrderSchema = z.object({
  id: z.string(),
  productId: z.string(),
  kind: earnKindSchema,
  section: financeSectionSchema.nullable(),
  coin: z.string(),
  /** Principal ("invest amount"). */
  amount: decimalString,
  dailyRate: earnRateString,
  cycleDays: z.number().int(),
  dailyIncome: decimalString,
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  estimatedRevenue: decimalString,
  /** When the principal comes back at maturity ("payment date"). */
  paymentTime: z.number().int(),
  /** Income paid so far, and for how many days. */
  earned: decimalString,
  paidDays: z.number().int(),
  status: earnOrderStatusSchema,
  penaltyRate: earnRateString,
  /** In progress: what redeeming now would keep back and return. Redeemed: what it did. */
  penalty: decimalString,
  redeemAmount: decimalString,
  createTime: z.number().int(),
  closeTime: z.number().int().nullable(),
});
export type EarnOrder = z.infer<typeof earnOrderSchema>;

export const earnSubscribe = defineCall({
  method: 'POST',
  path: '/api/earn/subscribe',
  summary:
    'Subscribe to a staking or finance product: the principal moves from the finance wallet until maturity; Idempotency-Key accepted',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  body: subscribeBody,
  data: earnOrderSchema,
});

export const earnRedeem = defineCall({
  method: 'POST',
  path: '/api/earn/redeem',
  summary:
    'Redeem one of my orders before maturity: the principal less the published penalty comes back; income already paid stays',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  body: z.strictObject({ id: z.string().min(1).max(64) }),
  data: earnOrderSchema,
});

const orderListBody = z.strictObject({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  status: earnOrderStatusSchema.optional(),
});

export const pledgeOrderList = defineCall({
  method: 'POST',
  path: '/api/pledge/order/list',
  summary: 'My staking orders: in progress first, then newest',
  tags,
  auth: 'user',
  keyScope: 'read',
  body: orderListBody,
  data: pageOf(earnOrderSchema),
});

export const financialOrderList = defineCall({
  method: 'POST',
  path: '/api/financial/order/list',
  summary: 'My finance orders ("my investment"): in progress first, then newest',
  tags,
  auth: 'user',
  keyScope: 'read',
  body: orderListBody,
  data: pageOf(earnOrderSchema),
});

export const personalIncome = defineCall({
  method: 'POST',
  path: '/api/financial/personalIncome',
  summary:
    'My earn income: in total and yesterday (in each product timezone), per coin and per product',
  tags,
  auth: 'user',
  keyScope: 'read',
  body: z.strictObject({}),
  data: z.object({
    totals: z.array(z.object({ coin: z.string(), total: decimalString, yesterday: decimalString })),
    products: z.array(
      z.object({
        productId: z.string(),
        kind: earnKindSchema,
        section: financeSectionSchema.nullable(),
        coin: z.string(),
        cycleDays: z.number().int(),
        total: decimalString,
        yesterday: decimalString,
        /** Principal of my orders still in progress. */
        inProgress: decimalString,
      }),
    ),
  }),
});

/* Operators (permission earn.manage: finance and admin). */

/** A product with its money as operators see it: funding, promised income, principal held. */
export const opsEarnProductSchema = earnProductSchema.extend({
  /** The funding pool's balance (what pays income; penalties go to it). */
  funding: decimalString,
  /** Income still promised to the orders in progress. */
  owed: decimalString,
  /** Principal held for the orders in progress (returned at maturity). */
  principalHeld: decimalString,
  openOrders: z.number().int(),
  holders: z.number().int(),
  updatedAt: z.number().int(),
});
export type OpsEarnProduct = z.infer<typeof opsEarnProductSchema>;

export const opsEarnProducts = defineCall({
  method: 'GET',
  path: '/api/ops/earn/products',
  summary:
    'Every earn product, paused ones too, with its funding, promised income and principal held',
  tags,
  auth: 'operator',
  permission: 'earn.manage',
  data: z.array(opsEarnProductSchema),
});

export const earnProductInput = z.strictObject({
  /** Absent: a new product. Present: change that product (future subscriptions only). */
  id: z
    .string()
    .regex(/^[a-z0-9-]{3,40}$/)
    .optional(),
  kind: earnKindSchema,
  section: financeSectionSchema.nullable(),
  coin: coinCode,
  minAmount: amountInput,
  maxAmount: amountInput,
  dailyRate: earnRateString,
  cycleDays: z.coerce.number().int().min(1).max(3650),
  perUserLimit: z.coerce.number().int().min(1).max(1000),
  capacity: amountInput,
  penaltyRate: earnRateString,
  timeZone: z.string().min(1).max(64),
});

export const opsSaveEarnProduct = defineCall({
  method: 'POST',
  path: '/api/ops/earn/products',
  summary: "Create a product or change one's terms: orders already placed keep theirs (audited)",
  tags,
  auth: 'operator',
  permission: 'earn.manage',
  body: earnProductInput,
  data: opsEarnProductSchema,
});

export const opsSetEarnProductState = defineCall({
  method: 'POST',
  path: '/api/ops/earn/products/state',
  summary:
    'Pause a product (no new subscriptions; orders in progress keep accruing) or resume it (audited)',
  tags,
  auth: 'operator',
  permission: 'earn.manage',
  body: z.strictObject({ id: z.string().min(1).max(64), state: earnProductStateSchema }),
  data: opsEarnProductSchema,
});

export const opsFundEarnProduct = defineCall({
  method: 'POST',
  path: '/api/ops/earn/products/fund',
  summary:
    "Move operator capital into a product's funding pool (an engine adjustment, once per reference; audited)",
  tags,
  auth: 'operator',
  permission: 'earn.manage',
  body: z.strictObject({
    id: z.string().min(1).max(64),
    amount: amountInput,
    reference: z.string().trim().min(3).max(64),
  }),
  data: opsEarnProductSchema,
});
