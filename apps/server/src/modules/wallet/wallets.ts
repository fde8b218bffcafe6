import type { WalletType } from '@meridian/contract';
import { WALLETS, type TransferWallet } from '@meridian/core';

/** The wallets a user holds and moves money between, by their seed codes. */
export const USER_WALLETS: readonly TransferWallet[] = ['spot', 'contract', 'finance'];

/** `1` → spot, `2` → contract, `3` → finance. */
export function walletOf(type: WalletType): TransferWallet {
  return USER_WALLETS.find((w) => WALLETS[w] === type)!;
}

export function typeOf(wallet: TransferWallet): WalletType {
  return WALLETS[wallet] as WalletType;
}
