import { parseAccount, type SystemAccount } from './accounts.ts';
import { WITHDRAWALS_POOL } from '../engine/commands/withdrawal.ts';

/**
 * The classes custody reconciliation sums a coin's balances into. Each account falls in
 * exactly one, so the classes of a coin sum to zero as its accounts do (double entry).
 * The last four mirror money that came in from outside and are negative by design.
 */
export const RECONCILIATION_CLASSES = [
  /** Every user wallet, available and held. */
  'users',
  /** What users owe on borrows (zero or below). */
  'userDebts',
  /** Amount + fee of withdrawals asked for and not yet sent or given back. */
  'pendingWithdrawals',
  /** Every other product pool (swap, seconds contracts...). */
  'productPools',
  /** The operator's market-making accounts. */
  'marketMaking',
  'feeRevenue',
  'securityFund',
  'insuranceFund',
  /** Minus the coins the platform's wallets hold. */
  'custody',
  /** Minus what users paid into the platform's bank accounts. */
  'bankReceipts',
  /** Minus what demo seeding and version-1 deposits brought in. */
  'float',
  /** Minus the operator's own money put in. */
  'operatorCapital',
  /**
   * Perpetuals' realised PnL, mirrored: below zero when winners were paid what open losing
   * positions still owe from their margins, so it counts against user liabilities.
   */
  'perpSettlement',
  /** The margin lending pools, what margin accounts owe them, and the margin insurance fund. */
  'marginLending',
  'marginReceivable',
  'marginInsurance',
] as const;
export type ReconciliationClass = (typeof RECONCILIATION_CLASSES)[number];

const SYSTEM_CLASS: Record<SystemAccount, ReconciliationClass> = {
  fee_revenue: 'feeRevenue',
  security_fund: 'securityFund',
  insurance_fund: 'insuranceFund',
  custody: 'custody',
  bank_receipts: 'bankReceipts',
  platform_float: 'float',
  operator_capital: 'operatorCapital',
  perp_settlement: 'perpSettlement',
  margin_lending: 'marginLending',
  margin_receivable: 'marginReceivable',
  margin_insurance: 'marginInsurance',
  margin_savings: 'marginLending',
};

/** One coin's reconciliation, in the coin's minor units. */
export interface CoinReconciliation {
  asset: string;
  classes: Record<ReconciliationClass, bigint>;
  /** Every class summed: zero unless the ledger broke double entry. */
  sum: bigint;
  /**
   * What the platform owes users in the coin: wallets, less debts, plus pending
   * withdrawals, plus the perpetuals' settlement (what open positions owe each other).
   */
  userLiabilities: bigint;
  /** The coins the platform's wallets hold (custody's mirror turned positive). */
  custodyHeld: bigint;
  /** How far custody falls short of user liabilities; zero when it covers them. */
  shortfall: bigint;
}

export function reconciliationClassOf(key: string): ReconciliationClass {
  const ref = parseAccount(key);
  switch (ref.kind) {
    case 'user':
      return 'users';
    case 'debt':
      return 'userDebts';
    case 'market_making':
      return 'marketMaking';
    case 'pool':
      return ref.product === WITHDRAWALS_POOL ? 'pendingWithdrawals' : 'productPools';
    case 'system':
      return SYSTEM_CLASS[ref.account];
  }
}

const zeroes = () =>
  Object.fromEntries(RECONCILIATION_CLASSES.map((c) => [c, 0n])) as Record<
    ReconciliationClass,
    bigint
  >;

/**
 * Custody against user liabilities, per coin, from the ledger's balances: the classes
 * above, their sum (which double entry keeps at zero), and whether the coins in the
 * platform's wallets cover what users hold and wait to withdraw. Coins in name order.
 */
export function reconcile(balances: Iterable<[string, bigint]>): CoinReconciliation[] {
  const byAsset = new Map<string, Record<ReconciliationClass, bigint>>();
  for (const [key, balance] of balances) {
    const asset = parseAccount(key).asset;
    let classes = byAsset.get(asset);
    if (!classes) byAsset.set(asset, (classes = zeroes()));
    classes[reconciliationClassOf(key)] += balance;
  }
  return [...byAsset.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([asset, classes]) => {
      const sum = RECONCILIATION_CLASSES.reduce((total, c) => total + classes[c], 0n);
      const userLiabilities =
        classes.users + classes.userDebts + classes.pendingWithdrawals + classes.perpSettlement;
      const custodyHeld = -classes.custody;
      const shortfall = userLiabilities > custodyHeld ? userLiabilities - custodyHeld : 0n;
      return { asset, classes, sum, userLiabilities, custodyHeld, shortfall };
    });
}
