/**
 * Account keys. A key is a plain string so it can be a map key, a SQL column and a
 * journal field at once; `parseAccount` reads one back.
 *
 *   u:<user>:<wallet>:<part>:<asset>   a user's available or held part of one wallet
 *   s:<kind>:<asset>                   a system account
 *   p:<product>:<asset>                a product pool
 */

/** Wallet codes of the seed: '0' is the total of a user's wallets, never an account. */
export const WALLETS = { spot: '1', contract: '2', finance: '3', merchant: '8' } as const;
export type Wallet = keyof typeof WALLETS;

export type Part = 'available' | 'held';

export const SYSTEM_ACCOUNTS = [
  'fee_revenue',
  'security_fund',
  'insurance_fund',
  'platform_float',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export type AccountRef =
  | { kind: 'user'; user: string; wallet: Wallet; part: Part; asset: string }
  | { kind: 'system'; account: SystemAccount; asset: string }
  | { kind: 'pool'; product: string; asset: string };

const PART_CODE: Record<Part, string> = { available: 'a', held: 'h' };

export function userAccount(user: string, asset: string, part: Part, wallet: Wallet = 'spot') {
  return `u:${user}:${WALLETS[wallet]}:${PART_CODE[part]}:${asset}`;
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
 * The platform float mirrors what users brought in, so it is negative by design. Every
 * other account (user wallets, fee revenue, the security and insurance funds, product
 * pools) may never go below zero: the ledger refuses such a posting and
 * `verifyLedger` reports one.
 */
export function mayGoNegative(key: string): boolean {
  return key.startsWith('s:platform_float:');
}

export function parseAccount(key: string): AccountRef {
  const parts = key.split(':');
  const [scope] = parts;
  if (scope === 'u' && parts.length === 5) {
    const [, user, walletCode, partCode, asset] = parts as [string, string, string, string, string];
    const wallet = (Object.keys(WALLETS) as Wallet[]).find((w) => WALLETS[w] === walletCode);
    if (wallet && (partCode === 'a' || partCode === 'h')) {
      return { kind: 'user', user, wallet, part: partCode === 'a' ? 'available' : 'held', asset };
    }
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
