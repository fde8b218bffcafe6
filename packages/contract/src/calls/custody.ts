import { z } from 'zod';
import { defineCall } from '../define.ts';
import { depositStatusSchema } from './deposits.ts';
import { decimalString } from './market.ts';
import { pageOf } from '../paging.ts';

/*
 * The console's money-in and custody views (PRODUCT.md 3, Operators; issue 17): every
 * chain deposit across users, and custody reconciled against what users hold, per coin,
 * from the engine's ledger.
 */

/** One chain deposit as operators see it: whose, and where it stands. */
export const opsDepositSchema = z.object({
  id: z.string(),
  userId: z.string(),
  coin: z.string(),
  network: z.string(),
  address: z.string(),
  txid: z.string(),
  vout: z.number().int(),
  amount: decimalString,
  confirmations: z.number().int(),
  required: z.number().int(),
  status: depositStatusSchema,
  createTime: z.string(),
  creditTime: z.string().nullable(),
});
export type OpsDeposit = z.infer<typeof opsDepositSchema>;

export const opsDepositsQuery = z.strictObject({
  status: depositStatusSchema.optional(),
  coin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,12}$/)
    .optional(),
  userId: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const opsDeposits = defineCall({
  method: 'GET',
  path: '/api/ops/deposits',
  summary: 'Chain deposits across users, filtered by status, coin and user, newest first, paged',
  tags: ['deposits'],
  auth: 'operator',
  permission: 'deposits.read',
  query: opsDepositsQuery,
  data: pageOf(opsDepositSchema),
});

/**
 * The classes a coin's ledger balances are summed into (the core's reconciliation): what
 * users hold and owe, the pools, the operator's accounts and funds, and the mirrors of
 * money that came in from outside (negative by design).
 */
export const CUSTODY_CLASSES = [
  'users',
  'userDebts',
  'pendingWithdrawals',
  'productPools',
  'marketMaking',
  'feeRevenue',
  'securityFund',
  'insuranceFund',
  'custody',
  'bankReceipts',
  'float',
  'operatorCapital',
  /** Perpetuals' realised PnL, mirrored: what open positions still owe each other. */
  'perpSettlement',
  /** Spot margin: the lending pools, what margin accounts owe them, the insurance fund. */
  'marginLending',
  'marginReceivable',
  'marginInsurance',
] as const;
export type CustodyClass = (typeof CUSTODY_CLASSES)[number];

/** A signed decimal: the mirrors are negative. */
const signedDecimal = z.string().regex(/^-?\d+(\.\d+)?$/);

export const custodyCoinSchema = z.object({
  coin: z.string(),
  classes: z.record(z.enum(CUSTODY_CLASSES), signedDecimal),
  /** Every class summed: zero while the ledger keeps double entry. */
  sum: signedDecimal,
  balanced: z.boolean(),
  /** Users' wallets less their debts, plus pending withdrawals. */
  userLiabilities: signedDecimal,
  /** The coins in the platform's wallets: custody's mirror, turned positive. */
  custodyHeld: signedDecimal,
  /** How much custody lacks to cover user liabilities; 0 when covered. */
  shortfall: decimalString,
  covered: z.boolean(),
});
export type CustodyCoin = z.infer<typeof custodyCoinSchema>;

export const opsCustody = defineCall({
  method: 'GET',
  path: '/api/ops/custody',
  summary:
    "Custody reconciliation per coin from the engine's ledger: balances by class, their zero sum, and custody against user liabilities",
  tags: ['deposits'],
  auth: 'operator',
  permission: 'custody.read',
  data: z.object({ asOf: z.string(), coins: z.array(custodyCoinSchema) }),
});
