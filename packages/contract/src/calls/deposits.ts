import { z } from 'zod';
import { defineCall } from '../define.ts';
import { decimalString } from './market.ts';
import { bankRechargeSchema } from './recharges.ts';

/*
 * On-chain deposits (seed section 3, Recharge; issue 17): the coins and networks that take
 * deposits, each user's address per coin and network, and the deposit records.
 */

const coinCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,12}$/);
const networkCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,12}$/);

export const depositNetworkSchema = z.object({
  /** `BTC`, `ERC20`, `BEP20`. */
  network: z.string(),
  name: z.string(),
  /** Confirmations a deposit waits for before it is credited. */
  confirmations: z.number().int(),
  /** The smallest amount credited; a smaller deposit is recorded and not credited. */
  minDeposit: decimalString.nullable(),
});

export const rechargeCurrencySchema = z.object({
  coin: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  decimals: z.number().int(),
  networks: z.array(depositNetworkSchema),
});
export type RechargeCurrency = z.infer<typeof rechargeCurrencySchema>;

export const getRechargeCurrency = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/assets/getRechargeCurrency',
  summary: 'Coins that take deposits now, each with its networks, confirmations and minimum',
  tags: ['deposits'],
  auth: 'user',
  keyScope: 'read',
  data: z.array(rechargeCurrencySchema),
});

export const depositAddressSchema = depositNetworkSchema.extend({
  coin: z.string(),
  address: z.string(),
});
export type DepositAddress = z.infer<typeof depositAddressSchema>;

export const getDepositAddress = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/assets/getDepositAddress/:coin',
  summary:
    "My deposit address for a coin on a network (the coin's first network when none is named): made once, the same ever after",
  tags: ['deposits'],
  auth: 'user',
  keyScope: 'read',
  params: z.strictObject({ coin: coinCode }),
  query: z.strictObject({ network: networkCode.optional() }),
  data: depositAddressSchema,
});

/** `confirming`: waiting for confirmations; `credited`; `dropped`: a reorganisation removed it; `belowMinimum`: final and not credited. */
export const depositStatusSchema = z.enum(['confirming', 'credited', 'dropped', 'belowMinimum']);
export type DepositStatus = z.infer<typeof depositStatusSchema>;

export const chainDepositRecordSchema = z.object({
  /** The record's id. */
  id: z.string(),
  /** 1: a deposit (the seed's recharge type). */
  type: z.literal(1),
  way: z.literal('chain'),
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
export type ChainDepositRecord = z.infer<typeof chainDepositRecordSchema>;

/** A bank-transfer recharge in the same log: its order number, review state and reason. */
export const bankDepositRecordSchema = bankRechargeSchema.extend({
  type: z.literal(1),
  way: z.literal('bank'),
});
export type BankDepositRecord = z.infer<typeof bankDepositRecordSchema>;

export const depositRecordSchema = z.discriminatedUnion('way', [
  chainDepositRecordSchema,
  bankDepositRecordSchema,
]);
export type DepositRecord = z.infer<typeof depositRecordSchema>;

export const rechargeLogBody = z.strictObject({
  /** 1: deposits (the seed's recharge type): on-chain and by bank transfer. */
  type: z.literal(1).default(1),
  /** Only one way: `chain` (on-chain) or `bank` (bank transfer); absent: both. */
  way: z.enum(['chain', 'bank']).optional(),
  coin: coinCode.optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  size: z.number().int().min(1).max(100).default(20),
});

export const getRechargeLog = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/assets/getRechargeLog',
  summary:
    'My deposits, newest first, paged: on-chain ones with status and confirmations, bank transfers with order number, review state and reason',
  tags: ['deposits'],
  auth: 'user',
  keyScope: 'read',
  body: rechargeLogBody,
  data: z.object({
    list: z.array(depositRecordSchema),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  }),
});

export const simulateDeposit = defineCall({
  method: 'POST',
  path: '/api/dev/simulateDeposit',
  summary:
    'Demo mode only: the simulated chain sends an amount to my own deposit address; it is credited once final',
  tags: ['dev', 'deposits'],
  auth: 'user',
  body: z.strictObject({
    coin: coinCode,
    network: networkCode.optional(),
    amount: decimalString.refine((v) => !v.startsWith('-') && /[1-9]/.test(v), 'zeroAmount'),
  }),
  data: z.object({
    coin: z.string(),
    network: z.string(),
    address: z.string(),
    txid: z.string(),
    vout: z.number().int(),
    amount: decimalString,
  }),
});
