import { z } from 'zod';
import { defineCall } from '../define.ts';
import { decimalString } from './market.ts';

/**
 * The wallet (issue 17): each user's balances per wallet, valued in a display currency;
 * every ledger posting of the user as a bill; transfers between the user's own wallets.
 * Balances are the engine's ledger; values use the market's last prices and the
 * published reference rates (`assets/getCoinRate`), all in decimal strings.
 */

/**
 * The seed's wallet type codes: `1` spot, `2` contract, `3` finance, `8` merchant (only
 * for merchants); `0` is the total of a user's wallets, never a wallet of its own.
 */
export const walletTypeSchema = z.enum(['1', '2', '3']);
export type WalletType = z.infer<typeof walletTypeSchema>;
export const walletAccountTypeSchema = z.enum(['0', '1', '2', '3', '8']);

/** A coin code as the user names it (`usdt` or `USDT`); checked against the listed coins. */
const coinInput = z.string().trim().min(1).max(12);
/**
 * An amount as typed: read by the engine's own rules (decimals of the coin, sign, size),
 * so a refusal names the exact fault.
 */
const amountInput = z.string().min(1).max(64);

/** A display currency code of `assets/getCoinRate` (`usd`, `CNY`). */
const currencyInput = z.string().trim().min(2).max(8);

export const walletCoinSchema = z.object({
  coin: z.string(),
  available: decimalString,
  /** Held by open orders. */
  held: decimalString,
  /** Available plus held. */
  amount: decimalString,
  /** Last price in USDT (`1` for USDT); null while the coin has no USDT market price. */
  price: decimalString.nullable(),
  /** Amount × price, in USDT; null without a price. */
  valueUsdt: decimalString.nullable(),
  /** The same in the display currency; null without a price. */
  value: decimalString.nullable(),
});
export type WalletCoin = z.infer<typeof walletCoinSchema>;

export const walletSummarySchema = z.object({
  type: walletTypeSchema,
  /** Every coin the platform lists, in listing order, zero balances included. */
  coins: z.array(walletCoinSchema),
  /** The coins' values summed (coins without a price count nothing), in USDT. */
  totalUsdt: decimalString,
  /** The same in the display currency. */
  total: decimalString,
});
export type WalletSummary = z.infer<typeof walletSummarySchema>;

export const displayCurrencySchema = z.object({
  /** Upper case, e.g. `USD`. */
  code: z.string(),
  symbol: z.string(),
  /** Units of the currency for one USDT (`assets/getCoinRate`). */
  rate: decimalString,
});

export const walletAccountSchema = z.object({
  /** What was asked: `0` the total of every wallet, or one wallet's code. */
  type: walletAccountTypeSchema,
  currency: displayCurrencySchema,
  totalUsdt: decimalString,
  total: decimalString,
  /** One entry per wallet (`0`: spot, contract, finance), each with its coins. */
  wallets: z.array(walletSummarySchema),
});
export type WalletAccount = z.infer<typeof walletAccountSchema>;

const tags = ['wallet'] as const;

export const getWalletAccount = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/assets/getWalletAccount',
  summary:
    "My wallets' balances and values: type 0 the total of spot, contract and finance, or one wallet (8: merchants only)",
  tags,
  auth: 'user',
  keyScope: 'read',
  query: z.strictObject({
    type: walletAccountTypeSchema.default('0'),
    /** Display currency for `total`/`value`; default the published default (CNY). */
    currency: currencyInput.optional(),
  }),
  data: walletAccountSchema,
});

export const balanceRowSchema = z.object({
  coin: z.string(),
  available: decimalString,
  held: decimalString,
  amount: decimalString,
});

export const getMyBalance = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/assets/getMyBalance',
  summary: 'My balances of every listed coin in one wallet (type, default 1: spot)',
  tags,
  auth: 'user',
  keyScope: 'read',
  query: z.strictObject({ type: walletTypeSchema.default('1') }),
  data: z.array(balanceRowSchema),
});

export const getUserCoin = defineCall({
  method: 'POST',
  path: '/api/userCoin/getUserCoin',
  summary: 'My coins with a balance in one wallet (type, default 1: spot), largest value first',
  tags,
  auth: 'user',
  keyScope: 'read',
  /** Optional: a call without a body (as the seed's) asks for the spot wallet. */
  body: z.strictObject({ type: walletTypeSchema.default('1') }).nullish(),
  data: z.array(walletCoinSchema),
});

export const currencyAccountSchema = z.object({
  coin: z.string(),
  /** Decimals the coin is counted in: an amount with more is refused. */
  decimals: z.number().int(),
  price: decimalString.nullable(),
  /** The coin in each wallet. */
  accounts: z.array(
    z.object({
      type: walletTypeSchema,
      available: decimalString,
      held: decimalString,
    }),
  ),
});

export const getCurrencyAccount = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/assets/getCurrencyAccount',
  summary: 'One coin of mine in every wallet (or in one: type), with its decimals and price',
  tags,
  auth: 'user',
  keyScope: 'read',
  body: z.strictObject({ coin: coinInput, type: walletTypeSchema.optional() }),
  data: currencyAccountSchema,
});

/**
 * Why a bill's money moved. Holds and releases, which only move money between the
 * available and held parts of one wallet, change no wallet's balance and are no bill.
 */
export const billReasonSchema = z.enum([
  'trade',
  'fee',
  /** The tenth of a trading fee that goes to the asset security fund. */
  'security_fund',
  'deposit',
  'withdrawal',
  'adjustment',
  'transfer',
  'product',
  /** An instant swap: one coin given, another received (its fee is a `fee` bill). */
  'swap',
  /** A perpetual position's realised profit or loss. */
  'pnl',
  /** A perpetual funding payment, paid or received. */
  'funding',
  /** A liquidated perpetual position's margin, or a liquidated margin account's repayment. */
  'liquidation',
  /** A margin loan received. */
  'borrow',
  /** A margin loan paid back. */
  'repay',
  /** A margin loan's hourly interest. */
  'interest',
]);
export type BillReason = z.infer<typeof billReasonSchema>;

export const billSchema = z.object({
  /** The posting's id and which side of it is the user's (`123:out`, `123:in`). */
  id: z.string(),
  postingId: z.string(),
  time: z.number().int(),
  coin: z.string(),
  /** The wallet whose balance moved: `1` spot, `2` contract, `3` finance, ... */
  wallet: z.string(),
  reason: billReasonSchema,
  /** Signed: negative when money left the wallet. */
  amount: decimalString,
  /** What caused it, e.g. `trade:42`, `deposit:demo:1:USDT`, `transfer:...`. */
  reference: z.string(),
  /** For an operator's adjustment: the reason the operator gave. */
  note: z.string().nullable(),
});
export type Bill = z.infer<typeof billSchema>;

/** Time bounds in milliseconds since 1970: `start` included, `end` excluded. */
const instant = z.number().int().min(0).max(8_640_000_000_000_000);

export const billQuerySchema = z.strictObject({
  page: z.number().int().min(1).max(100_000).default(1),
  size: z.number().int().min(1).max(500).default(20),
  coin: coinInput.optional(),
  reason: billReasonSchema.optional(),
  wallet: walletTypeSchema.optional(),
  start: instant.optional(),
  end: instant.optional(),
});
export type BillQuery = z.input<typeof billQuerySchema>;

export const billPageSchema = z.object({
  list: z.array(billSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type BillPage = z.infer<typeof billPageSchema>;

export const getMyBill = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/assets/getMyBill',
  summary:
    'My bills: every ledger posting that moved one of my wallets, newest first, paged; filter by coin, reason, wallet and time',
  tags,
  auth: 'user',
  keyScope: 'read',
  body: billQuerySchema,
  data: billPageSchema,
});

const transferFields = {
  /** Wallet the money leaves (`1` spot, `2` contract, `3` finance). */
  from: walletTypeSchema,
  /** Wallet it goes to; another than `from`. */
  to: walletTypeSchema,
  coin: coinInput,
  amount: amountInput,
};

const walletBalanceSchema = z.object({
  type: walletTypeSchema,
  available: decimalString,
  held: decimalString,
});

export const transferResultSchema = z.object({
  /** The transfer's reference: its postings carry it (`transfer:<id>` in the bills). */
  id: z.string(),
  coin: z.string(),
  from: walletTypeSchema,
  to: walletTypeSchema,
  amount: decimalString,
  time: z.number().int(),
  /** What the two wallets hold of the coin right after it. */
  balances: z.array(walletBalanceSchema),
});
export type TransferResult = z.infer<typeof transferResultSchema>;

export const transferFunds = defineCall({
  method: 'POST',
  path: '/api/asset/transferFunds',
  summary:
    'Move a coin between my spot, contract and finance wallets (available balance); Idempotency-Key accepted',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  body: z.strictObject(transferFields),
  data: transferResultSchema,
});

export const walletTrans = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/wallet/trans',
  summary:
    'Move a coin between my wallets (the same transfer as asset/transferFunds, in the query); Idempotency-Key accepted',
  tags,
  auth: 'user',
  keyScope: 'trade',
  idempotent: true,
  query: z.strictObject(transferFields),
  data: transferResultSchema,
});
