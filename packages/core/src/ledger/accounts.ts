/**
 * Account keys. A key is a plain string so it can be a map key, a SQL column and a
 * journal field at once; `parseAccount` reads one back. The first letter is the
 * account's class, and the class decides the one rule its balance must keep.
 *
 *   u:<user>:<wallet>:<part>:<asset>   a user's available or held part of one wallet
 *   d:<user>:<wallet>:<asset>          what a user owes on a borrow in that wallet
 *   m:<maker>:<part>:<asset>           an operator-owned market-making account
 *   s:<kind>:<asset>                   a system account
 *   p:<product>:<asset>                a product pool
 */

/**
 * Wallet codes: the seed's ('0' is the total of a user's wallets, never an account),
 * then cross margin, and one isolated margin wallet per pair (`margin.btcusdt`).
 */
export const WALLETS = {
  spot: '1',
  contract: '2',
  finance: '3',
  merchant: '8',
  margin: 'mc',
} as const;
export type FixedWallet = keyof typeof WALLETS;
export type IsolatedWallet = `margin.${string}`;
export type Wallet = FixedWallet | IsolatedWallet;

const ISOLATED_CODE = 'mi.';

export function isolatedWallet(pair: string): IsolatedWallet {
  return `margin.${pair}`;
}

function walletCode(wallet: Wallet): string {
  return wallet.startsWith('margin.')
    ? ISOLATED_CODE + wallet.slice('margin.'.length)
    : WALLETS[wallet as FixedWallet];
}

function walletOfCode(code: string): Wallet | undefined {
  if (code.startsWith(ISOLATED_CODE) && code.length > ISOLATED_CODE.length) {
    return isolatedWallet(code.slice(ISOLATED_CODE.length));
  }
  return (Object.keys(WALLETS) as FixedWallet[]).find((w) => WALLETS[w] === code);
}

export type Part = 'available' | 'held';

export const SYSTEM_ACCOUNTS = [
  'fee_revenue',
  'security_fund',
  'insurance_fund',
  /** What users brought in, mirrored: negative by design. */
  'platform_float',
  /** The coins the platform holds for everyone, mirrored: negative by design. */
  'custody',
  /** What users paid into the platform's bank accounts, mirrored: negative by design. */
  'bank_receipts',
  /** What the operator put in of its own (market-making capital): negative by design. */
  'operator_capital',
  /**
   * Perpetuals' realised PnL, mirrored: what closed positions were paid or paid in, which
   * the open positions' unrealised PnL owes back; positive or negative by design.
   */
  'perp_settlement',
  /** The coins margin accounts may borrow: funded by the operator, lent out and paid back. */
  'margin_lending',
  /** What margin accounts owe (principal and interest), mirrored: the debts' counterpart. */
  'margin_receivable',
  /** Pays what a liquidated margin account could not. */
  'margin_insurance',
  /**
   * What users' savings lent to the margin lending pools, mirrored: negative by design,
   * its counterpart the lent part of each earn product's pool.
   */
  'margin_savings',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

const UNRESTRICTED: ReadonlySet<SystemAccount> = new Set([
  'platform_float',
  'custody',
  'bank_receipts',
  'operator_capital',
  'perp_settlement',
  'margin_savings',
]);

export type AccountRef =
  | { kind: 'user'; user: string; wallet: Wallet; part: Part; asset: string }
  | { kind: 'debt'; user: string; wallet: Wallet; asset: string }
  | { kind: 'market_making'; maker: string; part: Part; asset: string }
  | { kind: 'system'; account: SystemAccount; asset: string }
  | { kind: 'pool'; product: string; asset: string };

export type AccountClass = AccountRef['kind'];

const PART_CODE: Record<Part, string> = { available: 'a', held: 'h' };

/**
 * Owners whose id starts with this are operator-owned market-making accounts, not users:
 * their money is the operator's, so it never counts among what the platform owes users.
 * A user's id is digits only, so the two cannot meet.
 */
export const MARKET_MAKING_OWNER = 'mm.';

export function isMarketMakingOwner(owner: string): boolean {
  return owner.startsWith(MARKET_MAKING_OWNER);
}

export function userAccount(user: string, asset: string, part: Part, wallet: Wallet = 'spot') {
  return `u:${user}:${walletCode(wallet)}:${PART_CODE[part]}:${asset}`;
}

export function debtAccount(user: string, asset: string, wallet: Wallet): string {
  return `d:${user}:${walletCode(wallet)}:${asset}`;
}

export function marketMakingAccount(owner: string, asset: string, part: Part): string {
  return `m:${owner.slice(MARKET_MAKING_OWNER.length)}:${PART_CODE[part]}:${asset}`;
}

/**
 * The account of an owner's part of one asset: a market-making owner's own class
 * (which has a single wallet), a user's wallet otherwise.
 */
export function ownerAccount(owner: string, asset: string, part: Part, wallet: Wallet = 'spot') {
  return isMarketMakingOwner(owner)
    ? marketMakingAccount(owner, asset, part)
    : userAccount(owner, asset, part, wallet);
}

export function systemAccount(account: SystemAccount, asset: string): string {
  return `s:${account}:${asset}`;
}

export function poolAccount(product: string, asset: string): string {
  return `p:${product}:${asset}`;
}

export function isUserAccount(key: string): boolean {
  return key.startsWith('u:');
}

/**
 * The rule of an account's balance:
 * - `floor`: never below zero. User wallets, market-making accounts, fee revenue, the
 *   security and insurance funds, product pools.
 * - `ceiling`: never above zero. A debt is what a user owes, so paying back more than
 *   is owed is refused.
 * - `free`: the platform float, custody, bank receipts and operator capital mirror money
 *   that came in from outside, so they are negative by design; so does what savings lent.
 */
export type BalanceRule = 'floor' | 'ceiling' | 'free';

export function balanceRule(key: string): BalanceRule {
  if (key.startsWith('d:')) return 'ceiling';
  if (key.startsWith('s:')) {
    const kind = key.slice(2, key.lastIndexOf(':')) as SystemAccount;
    if (UNRESTRICTED.has(kind)) return 'free';
  }
  return 'floor';
}

/** Whether a posting may take the account below zero. */
export function mayGoNegative(key: string): boolean {
  return balanceRule(key) !== 'floor';
}

/** Whether a balance keeps its account's rule. */
export function keepsRule(key: string, balance: bigint): boolean {
  const rule = balanceRule(key);
  return rule === 'free' || (rule === 'floor' ? balance >= 0n : balance <= 0n);
}

export function parseAccount(key: string): AccountRef {
  const parts = key.split(':');
  const [scope] = parts;
  if (scope === 'u' && parts.length === 5) {
    const [, user, code, partCode, asset] = parts as [string, string, string, string, string];
    const wallet = walletOfCode(code);
    if (wallet && (partCode === 'a' || partCode === 'h')) {
      return { kind: 'user', user, wallet, part: partCode === 'a' ? 'available' : 'held', asset };
    }
  }
  if (scope === 'd' && parts.length === 4) {
    const wallet = walletOfCode(parts[2]!);
    if (wallet) return { kind: 'debt', user: parts[1]!, wallet, asset: parts[3]! };
  }
  if (scope === 'm' && parts.length === 4 && (parts[2] === 'a' || parts[2] === 'h')) {
    const part = parts[2] === 'a' ? 'available' : 'held';
    return { kind: 'market_making', maker: parts[1]!, part, asset: parts[3]! };
  }
  if (scope === 's' && parts.length === 3) {
    const account = SYSTEM_ACCOUNTS.find((a) => a === parts[1]);
    if (account) return { kind: 'system', account, asset: parts[2]! };
  }
  if (scope === 'p' && parts.length === 3) {
    return { kind: 'pool', product: parts[1]!, asset: parts[2]! };
  }
  throw new Error(`not an account key: ${key}`);
}
