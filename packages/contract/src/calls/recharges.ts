import { z } from 'zod';
import { defineCall } from '../define.ts';
import { decimalString } from './market.ts';
import { documentFileSchema, reviewCalls, reviewSchema } from './reviews.ts';
import { fileContentSchema } from './verification.ts';

/*
 * Bank-transfer recharges (seed section 3, Recharge; issue 17): the platform's receiving
 * bank account per coin, a user's recharge order with its payment screenshot, and the
 * operators' review that credits it (approve) or refuses it with a reason (reject).
 */

const coinCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,12}$/);

/** Where a coin's bank transfers are paid to, as the user is shown it. */
export const rechargeBankSchema = z.object({
  coin: z.string(),
  decimals: z.number().int(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  swift: z.string(),
  /** The operators' words for the payer (cut-off times, which currency to send). */
  note: z.string(),
  /** The smallest and largest order; null when there is no bound. */
  minAmount: decimalString.nullable(),
  maxAmount: decimalString.nullable(),
});
export type RechargeBank = z.infer<typeof rechargeBankSchema>;

export const getRechargeBanks = defineCall({
  method: 'GET',
  path: '/api/recharge/banks',
  summary: 'Coins that can be recharged by bank transfer now, each with the account to pay to',
  tags: ['deposits'],
  auth: 'user',
  keyScope: 'read',
  data: z.array(rechargeBankSchema),
});

/** `review`: waiting for an operator; `approved`: credited (or being credited); `rejected`. */
export const bankRechargeStatusSchema = z.enum(['review', 'approved', 'rejected']);
export type BankRechargeStatus = z.infer<typeof bankRechargeStatusSchema>;

export const bankRechargeSchema = z.object({
  id: z.string(),
  /** The readable order number; the user writes it in the transfer's memo. */
  orderNo: z.string(),
  coin: z.string(),
  amount: decimalString,
  status: bankRechargeStatusSchema,
  /** Why it was rejected, written by the operator for the user. */
  reason: z.string().nullable(),
  createTime: z.string(),
  decideTime: z.string().nullable(),
  /** When the amount reached the spot wallet; null until then. */
  creditTime: z.string().nullable(),
});
export type BankRecharge = z.infer<typeof bankRechargeSchema>;

export const rechargeSubmitBody = z.strictObject({
  coin: coinCode,
  /** Decimal text; checked against the coin's decimals and bounds by the server. */
  amount: z.string().trim().max(64),
  /** An image the user uploaded with type `payment` (`/api/{head}/cgform-api/upload/file`). */
  screenshotId: z.uuid().optional(),
});

export const rechargeSubmit = defineCall({
  method: 'POST',
  path: '/api/recharge/submit',
  summary:
    'Submit a bank-transfer recharge: coin, amount and the payment screenshot (an uploaded file of type payment); it waits for an operator',
  tags: ['deposits'],
  // Sessions only, as the screenshot's upload is: no API-key scope.
  auth: 'user',
  idempotent: true,
  body: rechargeSubmitBody,
  data: bankRechargeSchema,
});

// ---- Operators ----

export const rechargeReviewRowSchema = reviewSchema.extend({
  orderNo: z.string(),
  coin: z.string(),
  amount: decimalString,
});
export type RechargeReviewRow = z.infer<typeof rechargeReviewRowSchema>;

/** The bank details as they stood when the user submitted: what they were asked to pay to. */
export const paidToSchema = rechargeBankSchema.omit({
  decimals: true,
  minAmount: true,
  maxAmount: true,
});

export const rechargeReviewDetailSchema = z.object({
  review: reviewSchema,
  recharge: bankRechargeSchema,
  paidTo: paidToSchema,
  /** The payment screenshot's facts; its bytes come from `opsRechargeScreenshot` (audited). */
  screenshot: documentFileSchema,
  /** The user's earlier recharge reviews, newest first. */
  history: z.array(reviewSchema),
});
export type RechargeReviewDetail = z.infer<typeof rechargeReviewDetailSchema>;

export const rechargeReviews = reviewCalls(
  'recharge',
  { read: 'recharges.read', review: 'recharges.review' },
  { row: rechargeReviewRowSchema, detail: rechargeReviewDetailSchema },
);

// Each call on its own as well, so ALL_CALLS, the docs and the fuzz test see them.
export const rechargeReviewList = rechargeReviews.list;
export const rechargeReviewDetail = rechargeReviews.detail;
export const rechargeReviewClaim = rechargeReviews.claim;
export const rechargeReviewRelease = rechargeReviews.release;
export const rechargeReviewApprove = rechargeReviews.approve;
export const rechargeReviewReject = rechargeReviews.reject;

/**
 * A recharge's payment screenshot, for those who decide it. Finance decides payments
 * without the right to see identity documents, so this serves only the screenshot of the
 * named review; every view is written to the audit log as a document view.
 */
export const opsRechargeScreenshot = defineCall({
  method: 'GET',
  path: '/api/ops/reviews/recharge/:id/screenshot',
  summary: "A recharge review's payment screenshot; every view is written to the audit log",
  tags: ['reviews'],
  auth: 'operator',
  permission: 'recharges.review',
  params: z.strictObject({ id: z.uuid() }),
  data: fileContentSchema.extend({ userId: z.string() }),
});

const bankText = (max: number) => z.string().trim().min(1).max(max);

export const rechargeBankInput = z.strictObject({
  bankName: bankText(120),
  accountName: bankText(120),
  accountNumber: bankText(64),
  swift: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/),
  note: z.string().trim().max(500),
  minAmount: decimalString.nullable(),
  maxAmount: decimalString.nullable(),
  /** Off: the coin offers no bank transfer (its details are kept). */
  enabled: z.boolean(),
});
export type RechargeBankInput = z.infer<typeof rechargeBankInput>;

export const opsRechargeBankSchema = rechargeBankSchema.extend({
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type OpsRechargeBank = z.infer<typeof opsRechargeBankSchema>;

export const opsRechargeBanks = defineCall({
  method: 'GET',
  path: '/api/ops/recharge-banks',
  summary: 'The receiving bank accounts per coin, switched on or off',
  tags: ['deposits'],
  auth: 'operator',
  permission: 'recharges.read',
  data: z.array(opsRechargeBankSchema),
});

export const opsSaveRechargeBank = defineCall({
  method: 'POST',
  path: '/api/ops/recharge-banks/:coin',
  summary: "Set a coin's receiving bank account (audited); users see it at once",
  tags: ['deposits'],
  auth: 'operator',
  permission: 'recharges.manage',
  params: z.strictObject({ coin: coinCode }),
  body: rechargeBankInput,
  data: opsRechargeBankSchema,
});
