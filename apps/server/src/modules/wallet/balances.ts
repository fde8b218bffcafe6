import type { WalletAccount, WalletCoin, WalletSummary, WalletType } from '@meridian/contract';
import { Decimal } from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Valuation } from './valuation.ts';
import { USER_WALLETS, typeOf, walletOf } from './wallets.ts';

const ZERO = Decimal.fromUnits(0n, 0);
const read = (text: string) => Decimal.parse(text) ?? ZERO;

/**
 * A user's balances per wallet, straight from the engine's ledger (the single writer's
 * live state, so a transfer just acknowledged shows at once), each coin valued at its
 * USDT price and in a display currency. Exact decimals throughout.
 */
export function createBalances(deps: { engine: EngineFront; valuation: Valuation }) {
  const { engine, valuation } = deps;

  function summary(user: string, type: WalletType, factor: Decimal): WalletSummary {
    let totalUsdt = ZERO;
    const coins: WalletCoin[] = engine.walletBalances(user, walletOf(type)).map((b) => {
      const amount = read(b.available).plus(read(b.held));
      const price = valuation.price(b.asset);
      const worth = price && amount.times(price);
      if (worth) totalUsdt = totalUsdt.plus(worth);
      return {
        coin: b.asset,
        available: b.available,
        held: b.held,
        amount: amount.toString(),
        price: price?.toString() ?? null,
        valueUsdt: worth?.toString() ?? null,
        value: worth?.times(factor).toString() ?? null,
      };
    });
    return {
      type,
      coins,
      totalUsdt: totalUsdt.toString(),
      total: totalUsdt.times(factor).toString(),
    };
  }

  return {
    /** `getWalletAccount`: type `0` is every wallet with their sum, else one wallet. */
    account(user: string, type: WalletAccount['type'], currencyCode?: string): WalletAccount {
      // No user is a merchant yet: the merchant wallet (8) opens with merchants.
      if (type === '8') throw new AppError('forbidden', 'merchantWalletOnly');
      const { factor, ...currency } = valuation.currency(currencyCode);
      const types = type === '0' ? USER_WALLETS.map(typeOf) : [type];
      const wallets = types.map((t) => summary(user, t, factor));
      const totalUsdt = wallets.reduce((sum, w) => sum.plus(read(w.totalUsdt)), ZERO);
      return {
        type,
        currency,
        totalUsdt: totalUsdt.toString(),
        total: totalUsdt.times(factor).toString(),
        wallets,
      };
    },

    /** `getMyBalance`: one wallet's balance of every listed coin. */
    balances(user: string, type: WalletType) {
      return engine.walletBalances(user, walletOf(type)).map((b) => ({
        coin: b.asset,
        available: b.available,
        held: b.held,
        amount: read(b.available).plus(read(b.held)).toString(),
      }));
    },

    /** `getUserCoin`: the coins with a balance in one wallet, the most valuable first. */
    userCoins(user: string, type: WalletType): WalletCoin[] {
      const { factor } = valuation.currency(undefined);
      const held = summary(user, type, factor).coins.filter((c) => read(c.amount).sign() > 0);
      const worth = (c: WalletCoin) => (c.valueUsdt === null ? null : read(c.valueUsdt));
      return held.sort((a, b) => {
        const [x, y] = [worth(a), worth(b)];
        if (x && y) return y.compare(x);
        return x ? -1 : y ? 1 : a.coin.localeCompare(b.coin);
      });
    },

    /** `getCurrencyAccount`: one coin in every wallet (or one), with decimals and price. */
    currencyAccount(user: string, coinInput: string, type?: WalletType) {
      const coin = coinInput.trim().toUpperCase();
      const asset = engine.asset(coin);
      if (!asset) throw new AppError('validation', 'unknownCoin', {}, 'coin');
      const types = type ? [type] : USER_WALLETS.map(typeOf);
      return {
        coin,
        decimals: asset.decimals,
        price: valuation.price(coin)?.toString() ?? null,
        accounts: types.map((t) => {
          const b = engine.walletBalances(user, walletOf(t)).find((x) => x.asset === coin)!;
          return { type: t, available: b.available, held: b.held };
        }),
      };
    },
  };
}

export type Balances = ReturnType<typeof createBalances>;
