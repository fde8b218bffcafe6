import { z } from 'zod';
import { defineCall } from '../define.ts';
import { decimalString, symbolSchema } from './market.ts';
import { pageOf } from '../paging.ts';
import { orderPageSchema } from './spot.ts';

/*
 * Spot margin (issue 21): a cross account (`all`, the seed's `qc`) and an isolated account
 * per pair (`fixed`), loans from a lending pool per coin at a published hourly rate,
 * repayments interest first, margin levels at index prices (a notice at 1.3, liquidation
 * at 1.1; money leaves an account that owes something only while its level stays at 2).
 * Every formula is in packages/core/src/margin and its README. Amounts are decimal strings
 * both ways.
 */

const tags = ['margin'];

/** A coin code as the user sends it (read case-insensitively). */
const coinInput = z
  .string()
  .min(1)
  .max(16)
  .regex(/^[A-Za-z0-9]+$/);
/** Amounts the user types: read by the coin's own rules, so a refusal names the field. */
const amountInput = z.string().min(1).max(64);
/** A rate or level as a decimal fraction, up to 8 places: `0.0002` is 0.02 %. */
export const marginRateString = z.string().regex(/^\d{1,24}(\.\d{1,8})?$/);

export const marginAccountKindSchema = z.enum(['all', 'fixed']);

export const marginCoinSchema = z.object({
  coin: z.string(),
  available: decimalString,
  held: decimalString,
  borrowed: decimalString,
  interest: decimalString,
  /** (available + held) valued in the account's value coin at the index price. */
  value: decimalString,
});

export const marginAccountSchema = z.object({
  account: marginAccountKindSchema,
  /** The pair of an isolated account; null for cross. */
  symbol: symbolSchema.nullable(),
  /** The coin values are counted in: USDT for cross, the pair's quote for isolated. */
  valueCoin: z.string(),
  coins: z.array(marginCoinSchema),
  totalAssets: decimalString,
  /** Principal + interest owed, valued in the value coin. */
  totalDebt: decimalString,
  /** Total assets ÷ total debt; null when nothing is owed. */
  marginLevel: marginRateString.nullable(),
  leverage: z.number().int(),
  maxLeverage: z.number().int(),
  warningLevel: marginRateString,
  liquidationLevel: marginRateString,
  transferOutLevel: marginRateString,
});
export type MarginAccount = z.infer<typeof marginAccountSchema>;

export const marginRatesSchema = z.object({
  coin: z.string(),
  hourlyRate: marginRateString,
  dailyRate: marginRateString,
  yearlyRate: marginRateString,
});

const crossCoinBody = z.strictObject({ coin: coinInput });
const fixedCoinBody = z.strictObject({ coin: coinInput, symbol: symbolSchema });
const crossAmountBody = z.strictObject({ coin: coinInput, amount: amountInput });
const fixedAmountBody = z.strictObject({
  coin: coinInput,
  amount: amountInput,
  symbol: symbolSchema,
});

export const marginCanBorrowSchema = z.object({
  coin: z.string(),
  /** What may be borrowed now: the account's leverage room and the pool's, the smaller. */
  maxBorrow: decimalString,
  hourlyRate: marginRateString,
  dailyRate: marginRateString,
  borrowed: decimalString,
  interest: decimalString,
});

export const marginQuoteSchema = z.object({
  coin: z.string(),
  amount: decimalString,
  hourlyRate: marginRateString,
  /** One hour's interest on the amount, rounded up as it is charged. */
  hourlyInterest: decimalString,
  marginLevelBefore: marginRateString.nullable(),
  marginLevelAfter: marginRateString.nullable(),
});

export const marginLoanSchema = z.object({
  coin: z.string(),
  /** What the step moved. */
  amount: decimalString,
  /** What is still owed in the coin afterwards. */
  borrowed: decimalString,
  interest: decimalString,
  account: marginAccountSchema,
});

export const marginHistoryKindSchema = z.enum(['borrow', 'repay', 'interest', 'liquidation']);

export const marginHistorySchema = z.object({
  id: z.string(),
  /** `all` (cross) or the pair of an isolated account. */
  account: z.string(),
  kind: marginHistoryKindSchema,
  coin: z.string(),
  amount: decimalString,
  /** Liquidations: paid by the margin insurance fund, and still owed after. */
  insurance: decimalString.nullable(),
  left: decimalString.nullable(),
  time: z.number().int(),
});

export const marginPropertyAll = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/wallet/all/marginProperty',
  summary: 'My cross margin account: coins held and owed, totals, margin level and leverage',
  tags,
  auth: 'user',
  keyScope: 'read',
  data: marginAccountSchema,
});

export const marginPropertyFixed = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/wallet/fixed/marginProperty/:symbol',
  summary: 'My isolated margin account of a pair: its two coins held and owed, level, leverage',
  tags,
  auth: 'user',
  keyScope: 'read',
  params: z.strictObject({ symbol: symbolSchema }),
  data: marginAccountSchema,
});

export const marginCanBorrowAll = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/wallet/all/getCanborrow',
  summary: 'How much of a coin my cross account may borrow now, its rates and what I owe',
  tags,
  auth: 'user',
  keyScope: 'read',
  body: crossCoinBody,
  data: marginCanBorrowSchema,
});

export const marginCanBorrowFixed = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/wallet/fixed/getCanborrow',
  summary: "How much of a coin a pair's isolated account may borrow now, its rates and debt",
  tags,
  auth: 'user',
  keyScope: 'read',
  body: fixedCoinBody,
  data: marginCanBorrowSchema,
});

export const marginPreborrowAll = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/wallet/all/preborrow',
  summary: 'Quote a cross borrow (hourly interest, margin level before and after); changes nothing',
  tags,
  auth: 'user',
  keyScope: 'read',
  body: crossAmountBody,
  data: marginQuoteSchema,
});

export const marginPreborrowFixed = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/wallet/fixed/preborrow',
  summary: 'Quote an isolated borrow (hourly interest, level before and after); changes nothing',
  tags,
  auth: 'user',
  keyScope: 'read',
  body: fixedAmountBody,
  data: marginQuoteSchema,
});

export const marginBorrowAll = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/wallet/all/borrow',
  summary: 'Borrow a coin into my cross margin account; Idempotency-Key accepted',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  body: crossAmountBody,
  data: marginLoanSchema,
});

export const marginBorrowFixed = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/wallet/fixed/borrow',
  summary: "Borrow a coin into a pair's isolated margin account; Idempotency-Key accepted",
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  body: fixedAmountBody,
  data: marginLoanSchema,
});

export const marginRepayAll = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/wallet/still/all',
  summary: 'Repay a cross loan, interest first (more than owed pays what is owed)',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  body: crossAmountBody,
  data: marginLoanSchema,
});

export const marginRepayFixed = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/wallet/still/fixed',
  summary: 'Repay an isolated loan, interest first (more than owed pays what is owed)',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  body: fixedAmountBody,
  data: marginLoanSchema,
});

export const marginCanBorrowList = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/wallet/all/getCanborrowList',
  summary: 'The coins that may be borrowed: rates, what the pool holds, my cross maximum',
  tags,
  auth: 'user',
  keyScope: 'read',
  data: z.array(
    marginRatesSchema.extend({ poolAvailable: decimalString, maxBorrow: decimalString }),
  ),
});

export const marginDepositRate = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/wallet/all/getDepositRate',
  summary: 'The borrowing rate of every coin: hourly, daily and yearly',
  tags,
  auth: 'user',
  keyScope: 'read',
  data: z.array(marginRatesSchema),
});

export const marginFundsSchema = marginRatesSchema.extend({
  /** What the lending pool has left to lend in the coin: its idle capital and savings' room. */
  lendable: decimalString,
  /**
   * The share of each earn product's savings in the coin the pool may lend once the
   * platform's own capital is lent out, as a fraction (`0.5`); `0` when savings do not lend.
   */
  savingsShare: marginRateString,
  /** What users' savings lend to borrowers now. */
  savingsLent: decimalString,
  /** The margin insurance fund, which covers what a liquidation leaves unpaid. */
  insuranceFund: decimalString,
});

export type MarginFunds = z.infer<typeof marginFundsSchema>;

export const marginFunds = defineCall({
  method: 'GET',
  path: '/api/margin/funds',
  summary:
    "Spot margin, public: every coin's borrowing rates, what its pool has left to lend and its insurance fund",
  tags,
  auth: 'public',
  data: z.array(marginFundsSchema),
});

export const marginPairSchema = z.object({
  symbol: z.string(),
  /** The isolated account's published maximum leverage, 2 to 10. */
  maxLeverage: z.number().int(),
});
export type MarginPair = z.infer<typeof marginPairSchema>;

export const marginPairs = defineCall({
  method: 'GET',
  path: '/api/margin/pairs',
  summary: "Spot margin, public: the pairs open to isolated margin and each one's maximum leverage",
  tags,
  auth: 'public',
  data: z.array(marginPairSchema),
});

export const marginFixedLeverage = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/wallet/fixed/updateLeverageRadio',
  summary:
    "Set my isolated leverage in a pair (2 up to the pair's maximum, never below what I owe)",
  tags,
  auth: 'user',
  keyScope: 'trade',
  body: z.strictObject({
    symbol: symbolSchema,
    leverage: z.coerce.number().int().min(2).max(10),
  }),
  data: marginAccountSchema,
});

export const marginTransfer = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/wallet/margin/transfer',
  summary:
    'Move a coin between my spot wallet and a margin account (out only while the level stays at 2); Idempotency-Key accepted',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  body: z.strictObject({
    account: marginAccountKindSchema,
    symbol: symbolSchema.optional(),
    coin: coinInput,
    amount: amountInput,
    direction: z.enum(['in', 'out']),
  }),
  data: z.object({ coin: z.string(), amount: decimalString, account: marginAccountSchema }),
});

export const marginBorrowOrders = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/entrust/borrowOrder/:a/:b/:c',
  summary:
    'My margin history in account a (`all` or `qc` for cross, or a pair), kind b (borrow, repay, interest, liquidation or all), page c; newest first, 20 a page',
  tags,
  auth: 'user',
  keyScope: 'read',
  params: z.strictObject({
    a: z.union([z.literal('all'), symbolSchema]),
    b: z.enum(['borrow', 'repay', 'interest', 'liquidation', 'all']),
    c: z.coerce.number().int().min(1).max(10_000),
  }),
  data: pageOf(marginHistorySchema),
});

export const marginOrders = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/entrust/marginOrders/:a/:b/:c',
  summary:
    'My spot orders placed from margin account a (`all` cross, a pair for its isolated account, `fixed` every isolated account), b `open` or `history`, page c of 20; newest first',
  tags,
  auth: 'user',
  keyScope: 'read',
  params: z.strictObject({
    a: z.union([z.literal('all'), z.literal('fixed'), symbolSchema]),
    b: z.enum(['open', 'history']),
    c: z.coerce.number().int().min(1).max(100_000),
  }),
  // The spot order view: a margin order is a spot order traded from a margin account.
  data: orderPageSchema,
});

// ------------------------------------------------------------------ operators

/** A lending pool as operators tune it: the public figures and the platform's idle capital. */
export const opsMarginPoolSchema = marginFundsSchema.extend({
  /** The platform's own capital idle in the pool. */
  capital: decimalString,
});
export type OpsMarginPool = z.infer<typeof opsMarginPoolSchema>;

export const opsMarginSettingsSchema = z.object({
  pools: z.array(opsMarginPoolSchema),
  pairs: z.array(marginPairSchema),
  /** The most of a product's savings a pool may lend, as a fraction (`0.8`). */
  maxSavingsShare: marginRateString,
});
export type OpsMarginSettings = z.infer<typeof opsMarginSettingsSchema>;

const opsTags = ['ops-margin'];

export const opsMarginSettings = defineCall({
  method: 'GET',
  path: '/api/ops/margin',
  summary: "Spot margin's lending pools and isolated pairs, as operators tune them",
  tags: opsTags,
  auth: 'operator',
  permission: 'margin.manage',
  data: opsMarginSettingsSchema,
});

export const opsSetMarginPool = defineCall({
  method: 'POST',
  path: '/api/ops/margin/pools',
  summary:
    'Open a coin to borrowing or retune its pool: the daily rate (charged from the next hour) and the savings share (audited)',
  tags: opsTags,
  auth: 'operator',
  permission: 'margin.manage',
  body: z.strictObject({
    coin: coinInput,
    /** The daily rate as a fraction, up to 8 places (`0.0002` is 0.02 % a day). */
    dailyRate: z.string().regex(/^0(\.\d{1,8})?$/),
    /** The savings share as a fraction, up to 2 places (`0.5`), at most `maxSavingsShare`. */
    savingsShare: z.string().regex(/^0(\.\d{1,2})?$/),
  }),
  data: opsMarginSettingsSchema,
});

export const opsSetMarginPair = defineCall({
  method: 'POST',
  path: '/api/ops/margin/pairs',
  summary:
    'Open a pair to isolated margin or change its maximum leverage (accounts above it are brought down to it; audited)',
  tags: opsTags,
  auth: 'operator',
  permission: 'margin.manage',
  body: z.strictObject({ symbol: symbolSchema, maxLeverage: z.number().int().min(2).max(10) }),
  data: opsMarginSettingsSchema,
});

export const opsFundMarginPool = defineCall({
  method: 'POST',
  path: '/api/ops/margin/pools/fund',
  summary:
    "Move operator capital into a coin's lending pool (an engine adjustment, once per reference; audited)",
  tags: opsTags,
  auth: 'operator',
  permission: 'margin.manage',
  body: z.strictObject({
    coin: coinInput,
    amount: amountInput,
    reference: z.string().trim().min(3).max(64),
  }),
  data: opsMarginSettingsSchema,
});
