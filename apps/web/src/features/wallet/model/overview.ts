import type { WalletCoin, WalletSummary, WalletType } from '@meridian/contract/calls/wallet';
import { Decimal } from '@meridian/core';

const ZERO = Decimal.fromUnits(0n, 0);
const read = (text: string | null | undefined) =>
  (text == null ? null : Decimal.parse(text)) ?? ZERO;

/** The wallets of the overview, in the seed's order, by their type codes. */
export const WALLET_TYPES: readonly WalletType[] = ['1', '2', '3'];
export const WALLET_NAMES = { '1': 'spot', '2': 'contract', '3': 'finance' } as const;

export function isZero(text: string): boolean {
  return read(text).isZero();
}

/**
 * The coins a wallet's table shows: all of them, or (showAllAssets off) only those with
 * a balance. The most valuable first; coins without a price after those with one, by
 * amount held, then by code. Exact comparisons, no JS numbers.
 */
export function visibleCoins<T extends Pick<WalletCoin, 'coin' | 'amount' | 'valueUsdt'>>(
  coins: readonly T[],
  showAll: boolean,
): T[] {
  const shown = showAll ? [...coins] : coins.filter((c) => !isZero(c.amount));
  return shown.sort((a, b) => {
    const byValue = read(b.valueUsdt).compare(read(a.valueUsdt));
    if (byValue !== 0) return byValue;
    const byAmount = read(b.amount).compare(read(a.amount));
    return byAmount !== 0 ? byAmount : a.coin.localeCompare(b.coin);
  });
}

export interface CoinTotal {
  coin: string;
  available: string;
  held: string;
  amount: string;
  /** Null while the coin has no price. */
  valueUsdt: string | null;
  /** What each wallet holds of it, for the row's detail. */
  byWallet: Array<{ type: WalletType; amount: string }>;
}

/**
 * One row per coin across every wallet (the account centre's asset list): available,
 * held and value summed exactly; the coins in the order the server lists them.
 */
export function coinTotals(wallets: readonly WalletSummary[]): CoinTotal[] {
  const totals = new Map<
    string,
    { available: Decimal; held: Decimal; value: Decimal | null; byWallet: CoinTotal['byWallet'] }
  >();
  for (const wallet of wallets) {
    for (const c of wallet.coins) {
      const t = totals.get(c.coin) ?? { available: ZERO, held: ZERO, value: null, byWallet: [] };
      t.available = t.available.plus(read(c.available));
      t.held = t.held.plus(read(c.held));
      if (c.valueUsdt !== null) t.value = (t.value ?? ZERO).plus(read(c.valueUsdt));
      t.byWallet.push({ type: wallet.type, amount: c.amount });
      totals.set(c.coin, t);
    }
  }
  return [...totals].map(([coin, t]) => ({
    coin,
    available: t.available.toString(),
    held: t.held.toString(),
    amount: t.available.plus(t.held).toString(),
    valueUsdt: t.value?.toString() ?? null,
    byWallet: t.byWallet,
  }));
}
