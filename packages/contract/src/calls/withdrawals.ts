import { z } from 'zod';
import { defineCall } from '../define.ts';
import { decimalString } from './market.ts';
import { pageOf } from '../paging.ts';
import { reviewCalls, reviewSchema } from './reviews.ts';
import { sealedSchema, verificationCodeSchema } from './user.ts';
import { bankCardSchema } from './verification.ts';

/*
 * Withdrawals (seed sections 3, 5, 9; PRODUCT.md 2.6): published rules per coin, network
 * and verification level, the two submit calls, the user's log and cancel, and the
 * operators' side: the review queue's kind and recording what was sent.
 */

/** A chain a coin leaves on; each has its own address rule. */
export const CHAIN_NETWORKS = ['BTC', 'ERC20', 'BEP20'] as const;
export type ChainNetwork = (typeof CHAIN_NETWORKS)[number];

/**
 * The seed's "way": to an address on a chain, or to the user's bound bank card. A bank
 * withdrawal's rules are published under the network `BANK`.
 */
export const WITHDRAWAL_WAYS = ['address', 'bank'] as const;
export const withdrawalWaySchema = z.enum(WITHDRAWAL_WAYS);
export type WithdrawalWay = z.infer<typeof withdrawalWaySchema>;
export const BANK_NETWORK = 'BANK';

/** Where a withdrawal leaves: a chain, or `BANK` for the bank way. */
export const WITHDRAWAL_NETWORKS = [...CHAIN_NETWORKS, BANK_NETWORK] as const;
export const withdrawalNetworkSchema = z.enum(WITHDRAWAL_NETWORKS);
export type WithdrawalNetwork = z.infer<typeof withdrawalNetworkSchema>;

/** The way a network belongs to. */
export const wayOf = (network: WithdrawalNetwork): WithdrawalWay =>
  network === BANK_NETWORK ? 'bank' : 'address';

/**
 * `review`: waits for an operator (at or above the review threshold); `approved`: waits to
 * be sent; `completed`: sent, with its transaction id; `cancelled` by the user; `rejected`
 * by an operator with a reason. Cancelled and rejected ones gave the hold back.
 */
export const WITHDRAWAL_STATES = [
  'review',
  'approved',
  'completed',
  'cancelled',
  'rejected',
] as const;
export const withdrawalStateSchema = z.enum(WITHDRAWAL_STATES);
export type WithdrawalState = z.infer<typeof withdrawalStateSchema>;

/** 0 none, 1 primary, 2 advanced verification. */
export const verificationLevelSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** One published rule. A daily limit of 0 means the level may not withdraw the coin. */
export const withdrawalRuleSchema = z.object({
  coin: z.string(),
  network: withdrawalNetworkSchema,
  level: verificationLevelSchema,
  fee: decimalString,
  minAmount: decimalString,
  dailyLimit: decimalString,
  /** Amounts at or above it wait for an operator's review. */
  reviewThreshold: decimalString,
});
export type WithdrawalRule = z.infer<typeof withdrawalRuleSchema>;

export const withdrawalRules = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/assets/getWithdrawalRules',
  summary:
    'The published withdrawal rules: fee, minimum, daily limit and review threshold per coin, network and verification level',
  tags: ['withdrawals'],
  auth: 'public',
  data: z.array(withdrawalRuleSchema),
});

/** What the withdrawal page shows before submit, for the signed-in user. */
export const withdrawalInfoSchema = z.object({
  level: verificationLevelSchema,
  fundPasswordSet: z.boolean(),
  totpBound: z.boolean(),
  /** Set while a security change's 24-hour lock runs. */
  blockedUntil: z.string().nullable(),
  frozen: z.boolean(),
  coins: z.array(
    z.object({
      coin: z.string(),
      available: decimalString,
      /** What is still allowed today (UTC day) under the user's level. */
      leftToday: decimalString,
      networks: z.array(withdrawalRuleSchema),
    }),
  ),
});
export type WithdrawalInfo = z.infer<typeof withdrawalInfoSchema>;

export const withdrawalInfo = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/assets/getWithdrawalInfo',
  summary:
    "The signed-in user's withdrawal rules at their level, balances, what is left today, and what stands in the way (no fund password, the 24-hour lock, a freeze)",
  tags: ['withdrawals'],
  auth: 'user',
  keyScope: 'read',
  data: withdrawalInfoSchema,
});

const coinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,12}$/);

/**
 * What a withdrawal asks for: the seed's fields. Way `address` (the default) names a chain
 * network and an address on it; way `bank` pays the user's bound bank card, so it names
 * neither (or network `BANK`).
 */
export const withdrawalInputSchema = z
  .strictObject({
    way: withdrawalWaySchema.default('address'),
    coin: coinSchema,
    network: withdrawalNetworkSchema.optional(),
    address: z.string().trim().min(1).max(128).optional(),
    amount: z.string().trim().min(1).max(64),
    fundPassword: z.string().min(1).max(128),
    /** The authenticator code, required when the user bound one. */
    googleCode: verificationCodeSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.way === 'bank') {
      if (input.network !== undefined && input.network !== BANK_NETWORK) {
        ctx.addIssue({ code: 'custom', path: ['network'], message: 'withdrawalBankTakesNoChain' });
      }
      if (input.address !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['address'], message: 'withdrawalBankTakesNoChain' });
      }
      return;
    }
    if (input.network === undefined || input.network === BANK_NETWORK) {
      ctx.addIssue({ code: 'custom', path: ['network'], message: 'withdrawalChainNeeded' });
    }
    if (input.address === undefined) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'withdrawalAddressNeeded' });
    }
  });
export type WithdrawalInput = z.infer<typeof withdrawalInputSchema>;

export const withdrawalSchema = z.object({
  id: z.string(),
  way: withdrawalWaySchema,
  coin: z.string(),
  network: withdrawalNetworkSchema,
  /** The chain address, or the bank card's masked number. */
  address: z.string(),
  amount: decimalString,
  fee: decimalString,
  /** What arrives: the amount (the fee is charged on top). */
  arrival: decimalString,
  state: withdrawalStateSchema,
  /** The chain's transaction id, or the bank payment's reference. */
  txid: z.string().nullable(),
  /** An operator's reason for a rejection. */
  reason: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
  cancellable: z.boolean(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawSubmit = defineCall({
  method: 'POST',
  path: '/api/withdraw/submit',
  summary:
    'Withdraw (query string, as the seed sends it): way address (default; network and address) or bank (the bound bank card), coin, amount, fundPassword, googleCode when bound. Amount + fee are held until sent, cancelled or rejected',
  tags: ['withdrawals'],
  auth: 'user',
  keyScope: 'withdraw',
  idempotent: true,
  query: withdrawalInputSchema,
  data: withdrawalSchema,
});

export const assetsWithdrawal = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/assets/withdrawal',
  summary:
    "Withdraw to an on-chain address or the bound bank card: the same fields as /api/withdraw/submit, sealed with the server's public key (encrypted JSON)",
  tags: ['withdrawals'],
  auth: 'user',
  keyScope: 'withdraw',
  idempotent: true,
  body: sealedSchema,
  data: withdrawalSchema,
});

export const withdrawalLogBody = z.strictObject({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  coin: coinSchema.optional(),
});

export const getWithdrawalLog = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/assets/getWithdrawalLog',
  summary: "The signed-in user's withdrawals, newest first, paged",
  tags: ['withdrawals'],
  auth: 'user',
  keyScope: 'read',
  body: withdrawalLogBody,
  data: pageOf(withdrawalSchema),
});

export const cancelWithdrawal = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/assets/cancelWithdrawal',
  summary:
    'Cancel one of your withdrawals while it is under review or approved and not sent: the hold goes back to your available balance',
  tags: ['withdrawals'],
  auth: 'user',
  keyScope: 'withdraw',
  idempotent: true,
  body: z.strictObject({ id: z.uuid() }),
  data: withdrawalSchema,
});

/* The operators' side. */

export const opsWithdrawalSchema = withdrawalSchema.extend({
  userId: z.string(),
  decidedBy: z.string().nullable(),
  /** The review queue's item, for one that waited (or waits) for a person. */
  reviewId: z.string().nullable(),
});
export type OpsWithdrawal = z.infer<typeof opsWithdrawalSchema>;

const opsId = z.strictObject({ id: z.uuid() });

export const opsWithdrawals = defineCall({
  method: 'GET',
  path: '/api/ops/withdrawals',
  summary: 'Withdrawals, filtered by state and user, oldest waiting first, paged',
  tags: ['withdrawals'],
  auth: 'operator',
  permission: 'withdrawals.read',
  query: z.strictObject({
    state: withdrawalStateSchema.optional(),
    userId: z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
    current: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
  }),
  data: pageOf(opsWithdrawalSchema),
});

export const opsRejectWithdrawal = defineCall({
  method: 'POST',
  path: '/api/ops/withdrawals/:id/reject',
  summary:
    'Reject an approved withdrawal that was not sent, with a reason the user sees: the hold goes back. One under review is decided in the review queue',
  tags: ['withdrawals'],
  auth: 'operator',
  permission: 'withdrawals.review',
  params: opsId,
  body: z.strictObject({ reason: z.string().trim().min(3).max(500) }),
  data: opsWithdrawalSchema,
});

/** A chain's transaction id: 64 hex digits, 0x first on EVM chains. */
export const chainTxidSchema = z
  .string()
  .trim()
  .regex(/^(0x)?[0-9a-fA-F]{64}$/);
/** A bank payment's reference as the bank printed it. */
export const bankReferenceSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ./_-]{2,63}$/);

export const opsSendWithdrawal = defineCall({
  method: 'POST',
  path: '/api/ops/withdrawals/:id/sent',
  summary:
    "Record that an approved withdrawal was paid outside the server, with the chain's transaction id (txid) or, for the bank way, the bank payment's reference: the amount leaves custody, the fee is revenue",
  tags: ['withdrawals'],
  auth: 'operator',
  permission: 'withdrawals.review',
  params: opsId,
  /** One of the two, the one of the withdrawal's way (refused in the operator's language). */
  body: z.strictObject({
    txid: chainTxidSchema.optional(),
    reference: bankReferenceSchema.optional(),
  }),
  data: opsWithdrawalSchema,
});

/**
 * The bound card an approved bank withdrawal pays, with its whole number: the operator
 * paying it needs it, and nothing else shows it unmasked. Every reading is audited.
 */
export const opsWithdrawalPayee = defineCall({
  method: 'GET',
  path: '/api/ops/withdrawals/:id/payee',
  summary:
    'The whole bound card an approved bank withdrawal pays, for the operator paying it; each reading is written to the audit log',
  tags: ['withdrawals'],
  auth: 'operator',
  permission: 'withdrawals.review',
  params: opsId,
  data: bankCardSchema,
});

/* The withdrawal kind of the operators' review queue. */

export const withdrawalReviewRowSchema = reviewSchema.extend({
  withdrawalId: z.string(),
  way: withdrawalWaySchema,
  coin: z.string(),
  network: withdrawalNetworkSchema,
  amount: decimalString,
  fee: decimalString,
});
export type WithdrawalReviewRow = z.infer<typeof withdrawalReviewRowSchema>;

export const withdrawalReviewDetailSchema = z.object({
  review: reviewSchema,
  withdrawal: opsWithdrawalSchema,
  /** The card paid by the bank way, masked; null for an address. */
  bankCard: bankCardSchema.nullable(),
  /** The user's verification level now, and the rule it withdraws under. */
  level: verificationLevelSchema,
  rule: withdrawalRuleSchema.nullable(),
  /** What the user asked to withdraw of the coin on the withdrawal's UTC day. */
  dayTotal: decimalString,
  /** The user's other withdrawals, newest first (at most 20). */
  earlier: z.array(opsWithdrawalSchema),
  /** The user's earlier withdrawal reviews, newest first. */
  history: z.array(reviewSchema),
});
export type WithdrawalReviewDetail = z.infer<typeof withdrawalReviewDetailSchema>;

export const withdrawalReviews = reviewCalls(
  'withdrawal',
  { read: 'withdrawals.read', review: 'withdrawals.review' },
  { row: withdrawalReviewRowSchema, detail: withdrawalReviewDetailSchema },
);

// Each call on its own as well, so ALL_CALLS, the docs and the fuzz test see them.
export const withdrawalReviewList = withdrawalReviews.list;
export const withdrawalReviewDetail = withdrawalReviews.detail;
export const withdrawalReviewClaim = withdrawalReviews.claim;
export const withdrawalReviewRelease = withdrawalReviews.release;
export const withdrawalReviewApprove = withdrawalReviews.approve;
export const withdrawalReviewReject = withdrawalReviews.reject;
