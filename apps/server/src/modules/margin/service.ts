import { randomUUID } from 'node:crypto';
import type { MarginAccount } from '@meridian/contract';
import {
  CROSS_MAX_LEVERAGE,
  formatRate,
  formatUnits,
  hourlyInterest,
  loanKey,
  marginLevel,
  MARGIN_INSURANCE,
  MARGIN_LIQUIDATION_LEVEL,
  MARGIN_TRANSFER_OUT_LEVEL,
  MARGIN_WARNING_LEVEL,
  readAmount,
  systemAccount,
  userAccount,
  valueOf,
  type Asset,
  type MarginWallet,
} from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';
import { AppError } from '../../kernel/errors.ts';
import { throwIfRefused } from './rejections.ts';
import type { MarginDb } from './tables.ts';

/** History rows per page of `borrowOrder/{a}/{b}/{c}`, which has no size parameter. */
export const HISTORY_PAGE_SIZE = 20;

/** Which margin account a call names: cross (`all`) or a pair's isolated one (`fixed`). */
export type AccountRef = { account: 'all' } | { account: 'fixed'; symbol: string };

export interface MarginServiceOptions {
  db: MarginDb;
  engine: EngineFront;
  /** Resolves once the history table holds every result seen so far. */
  flushed: () => Promise<void>;
}

/**
 * Spot margin for the calls: every change is one journalled engine step (borrow, repay,
 * leverage, transfer); views read the engine's live margin state and the history table.
 * Every call reads and moves only the caller's own accounts.
 */
export function createMarginService(options: MarginServiceOptions) {
  const { db, engine, flushed } = options;
  const margin = () => engine.marginState;

  const walletOf = (ref: AccountRef): MarginWallet => {
    if (ref.account === 'all') return 'margin';
    if (!margin().pairs.has(ref.symbol)) {
      throw new AppError('validation', 'marginPairClosed', { field: 'symbol' }, 'symbol');
    }
    return `margin.${ref.symbol}`;
  };

  const assetOf = (coin: string): Asset => {
    const asset = engine.asset(coin.toUpperCase());
    if (!asset) throw new AppError('validation', 'unknownCoin', { field: 'coin' }, 'coin');
    return asset;
  };

  const amountOf = (asset: Asset, text: string, field = 'amount'): bigint => {
    const read = readAmount(asset, text);
    if (!read.ok) {
      switch (read.reason) {
        case 'too_many_decimals':
          throw new AppError(
            'validation',
            'tooManyDecimals',
            { field, decimals: asset.decimals },
            field,
          );
        case 'too_large':
          throw new AppError('validation', 'amountTooLarge', { field }, field);
        case 'negative':
          throw new AppError('validation', 'negativeAmount', { field }, field);
        default:
          throw new AppError('validation', 'invalidNumber', { field }, field);
      }
    }
    if (read.units === 0n) throw new AppError('validation', 'zeroAmount', { field }, field);
    return read.units;
  };

  const text = (asset: string, units: bigint) =>
    formatUnits(units, engine.asset(asset)?.decimals ?? 8);

  /** Quote minor units per whole `asset`, at the index of its `quote` market (0 unpriced). */
  const priceIn = (asset: string, quote: string): bigint => {
    for (const symbol of engine.marketSymbols()) {
      const spec = engine.marketSpec(symbol);
      if (spec && spec.base.code === asset && spec.quote.code === quote) {
        return engine.indexTick(symbol)?.price ?? 0n;
      }
    }
    return 0n;
  };

  const valueIn = (asset: string, amount: bigint, quote: string): bigint => {
    if (asset === quote || amount === 0n) return amount;
    const known = engine.asset(asset);
    return known ? valueOf(amount, priceIn(asset, quote), 10n ** BigInt(known.decimals)) : 0n;
  };

  const level = (value: bigint | null) => (value === null ? null : formatRate(value));

  const rates = (coin: string, hourly: bigint) => ({
    coin,
    hourlyRate: formatRate(hourly),
    dailyRate: formatRate(hourly * 24n),
    yearlyRate: formatRate(hourly * 24n * 365n),
  });

  const coinsOf = (user: string, wallet: MarginWallet): string[] => {
    if (wallet !== 'margin') {
      const spec = engine.marketSpec(wallet.slice('margin.'.length));
      return spec ? [spec.base.code, spec.quote.code] : [];
    }
    // Cross: the coins that may be borrowed, then any other coin held or owed.
    const coins = new Set(margin().pools.keys());
    for (const asset of engine.assets()) {
      const held =
        engine.accountBalance(userAccount(user, asset, 'available', wallet)) +
        engine.accountBalance(userAccount(user, asset, 'held', wallet));
      if (held > 0n || margin().loans.has(loanKey(user, wallet, asset))) coins.add(asset);
    }
    return [...coins];
  };

  const accountView = (user: string, wallet: MarginWallet): MarginAccount => {
    const view = margin().account(user, wallet);
    const quote = view.valueAsset;
    const symbol = wallet === 'margin' ? null : wallet.slice('margin.'.length);
    return {
      account: wallet === 'margin' ? 'all' : 'fixed',
      symbol,
      valueCoin: quote,
      coins: coinsOf(user, wallet).map((coin) => {
        const available = engine.accountBalance(userAccount(user, coin, 'available', wallet));
        const held = engine.accountBalance(userAccount(user, coin, 'held', wallet));
        const loan = margin().loans.get(loanKey(user, wallet, coin));
        return {
          coin,
          available: text(coin, available),
          held: text(coin, held),
          borrowed: text(coin, loan?.principal ?? 0n),
          interest: text(coin, loan?.interest ?? 0n),
          value: text(quote, valueIn(coin, available + held, quote)),
        };
      }),
      totalAssets: text(quote, view.assets),
      totalDebt: text(quote, view.debt),
      marginLevel: level(view.level),
      leverage: view.leverage,
      maxLeverage:
        symbol === null ? CROSS_MAX_LEVERAGE : (margin().pairs.get(symbol)?.maxLeverage ?? 2),
      warningLevel: formatRate(MARGIN_WARNING_LEVEL),
      liquidationLevel: formatRate(MARGIN_LIQUIDATION_LEVEL),
      transferOutLevel: formatRate(MARGIN_TRANSFER_OUT_LEVEL),
    };
  };

  const poolOf = (asset: Asset) => {
    const pool = margin().pools.get(asset.code);
    if (!pool) throw new AppError('validation', 'marginNotOpen', { field: 'coin' }, 'coin');
    return pool;
  };

  const loanStep = (user: string, wallet: MarginWallet, asset: Asset, amount: bigint) => {
    const loan = margin().loans.get(loanKey(user, wallet, asset.code));
    return {
      coin: asset.code,
      amount: text(asset.code, amount),
      borrowed: text(asset.code, loan?.principal ?? 0n),
      interest: text(asset.code, loan?.interest ?? 0n),
      account: accountView(user, wallet),
    };
  };

  return {
    account: (user: string, ref: AccountRef) => accountView(user, walletOf(ref)),

    canBorrow(user: string, ref: AccountRef, coin: string) {
      const wallet = walletOf(ref);
      const asset = assetOf(coin);
      const pool = poolOf(asset);
      const loan = margin().loans.get(loanKey(user, wallet, asset.code));
      const r = rates(asset.code, pool.hourlyRate);
      return {
        coin: asset.code,
        maxBorrow: text(asset.code, margin().maxBorrow(user, wallet, asset.code)),
        hourlyRate: r.hourlyRate,
        dailyRate: r.dailyRate,
        borrowed: text(asset.code, loan?.principal ?? 0n),
        interest: text(asset.code, loan?.interest ?? 0n),
      };
    },

    /** A quote of a borrow: nothing is sent to the engine. */
    preborrow(user: string, ref: AccountRef, coin: string, amountText: string) {
      const wallet = walletOf(ref);
      const asset = assetOf(coin);
      const pool = poolOf(asset);
      const amount = amountOf(asset, amountText);
      const view = margin().account(user, wallet);
      const added = valueIn(asset.code, amount, view.valueAsset);
      return {
        coin: asset.code,
        amount: text(asset.code, amount),
        hourlyRate: formatRate(pool.hourlyRate),
        hourlyInterest: text(asset.code, hourlyInterest(amount, pool.hourlyRate)),
        marginLevelBefore: level(view.level),
        marginLevelAfter: level(marginLevel(view.assets + added, view.debt + added)),
      };
    },

    async borrow(user: string, ref: AccountRef, coin: string, amountText: string) {
      const wallet = walletOf(ref);
      const asset = assetOf(coin);
      const amount = amountOf(asset, amountText);
      const max = margin().maxBorrow(user, wallet, asset.code);
      const ack = await engine.margin({ op: 'borrow', user, wallet, asset: asset.code, amount });
      throwIfRefused(
        ack.events,
        { max: text(asset.code, max) },
        { insufficient_balance: 'marginBorrowTooMuch' },
      );
      return loanStep(user, wallet, asset, amount);
    },

    async repay(user: string, ref: AccountRef, coin: string, amountText: string) {
      const wallet = walletOf(ref);
      const asset = assetOf(coin);
      const amount = amountOf(asset, amountText);
      const ack = await engine.margin({ op: 'repay', user, wallet, asset: asset.code, amount });
      throwIfRefused(ack.events);
      const repaid = ack.events.find((e) => e.type === 'margin_repaid');
      return loanStep(user, wallet, asset, repaid?.type === 'margin_repaid' ? repaid.amount : 0n);
    },

    canBorrowList(user: string) {
      return [...margin().pools.values()].map((pool) => ({
        ...rates(pool.asset, pool.hourlyRate),
        poolAvailable: text(pool.asset, margin().lendable(pool.asset)),
        maxBorrow: text(pool.asset, margin().maxBorrow(user, 'margin', pool.asset)),
      }));
    },

    depositRates: () => [...margin().pools.values()].map((p) => rates(p.asset, p.hourlyRate)),

    funds: () =>
      [...margin().pools.values()].map((pool) => ({
        ...rates(pool.asset, pool.hourlyRate),
        lendable: text(pool.asset, margin().lendable(pool.asset)),
        savingsShare: formatRate(pool.savingsShare),
        savingsLent: text(pool.asset, margin().savingsLent(pool.asset)),
        insuranceFund: text(
          pool.asset,
          engine.accountBalance(systemAccount(MARGIN_INSURANCE, pool.asset)),
        ),
      })),

    pairs: () =>
      [...margin().pairs.values()]
        .map((pair) => ({ symbol: pair.market, maxLeverage: pair.maxLeverage }))
        .sort((a, b) => a.symbol.localeCompare(b.symbol)),

    async setLeverage(user: string, symbol: string, leverage: number) {
      const wallet = walletOf({ account: 'fixed', symbol });
      const ack = await engine.margin({ op: 'leverage', user, market: symbol, leverage });
      throwIfRefused(ack.events);
      return accountView(user, wallet);
    },

    async transfer(
      user: string,
      input: {
        account: 'all' | 'fixed';
        symbol?: string | undefined;
        coin: string;
        amount: string;
        direction: 'in' | 'out';
      },
    ) {
      if (input.account === 'fixed' && input.symbol === undefined) {
        throw new AppError('validation', 'validation', { field: 'symbol' }, 'symbol');
      }
      const wallet = walletOf(
        input.account === 'all' ? { account: 'all' } : { account: 'fixed', symbol: input.symbol! },
      );
      const asset = assetOf(input.coin);
      const amount = amountOf(asset, input.amount);
      const inward = input.direction === 'in';
      const ack = await engine.margin({
        op: 'transfer',
        user,
        asset: asset.code,
        amount,
        from: inward ? 'spot' : wallet,
        to: inward ? wallet : 'spot',
        ref: `margin:${randomUUID()}`,
      });
      throwIfRefused(ack.events);
      return {
        coin: asset.code,
        amount: text(asset.code, amount),
        account: accountView(user, wallet),
      };
    },

    async history(
      user: string,
      account: string,
      kind: 'borrow' | 'repay' | 'interest' | 'liquidation' | 'all',
      current: number,
    ) {
      await flushed();
      let base = db
        .selectFrom('margin_history')
        .where('user_id', '=', user)
        .where('account', '=', account);
      if (kind !== 'all') base = base.where('kind', '=', kind);
      const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      const rows = await base
        .selectAll()
        .orderBy('seq', 'desc')
        .orderBy('pos', 'desc')
        .limit(HISTORY_PAGE_SIZE)
        .offset((current - 1) * HISTORY_PAGE_SIZE)
        .execute();
      return {
        records: rows.map((r) => ({
          id: r.id,
          account: r.account,
          kind: r.kind,
          coin: r.coin,
          amount: r.amount,
          insurance: r.insurance,
          left: r.left_owed,
          time: Number(r.time),
        })),
        total: Number(counted?.n ?? 0),
        current,
        size: HISTORY_PAGE_SIZE,
      };
    },
  };
}

export type MarginService = ReturnType<typeof createMarginService>;
