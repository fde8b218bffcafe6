import type { MessageId, SwapQuote } from '@meridian/contract';
import {
  formatUnits,
  poolAccount,
  priceSwap,
  RATE_EXTRA_DECIMALS,
  readAmount,
  SWAP_POOL,
} from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';
import type { Clock } from '../../kernel/clock.ts';
import { UNCLAIMED } from '../../kernel/cluster/intents.ts';
import { AppError } from '../../kernel/errors.ts';
import { newId } from '../../kernel/secrets.ts';
import type { IndexPrices } from './index-prices.ts';
import type { SwapDb, SwapQuotesTable } from './tables.ts';
import { QUOTE_SECONDS, type Terms } from './terms.ts';

export interface QuoteInput {
  from: string;
  to: string;
  quantity: string;
}

/** How long an untaken quote is remembered after it expired. */
const FORGET_AFTER_MS = 3600_000;

/** How an amount the coin's rules refuse is told, naming the field `quantity`. */
const AMOUNT_MESSAGE: Record<string, MessageId> = {
  invalid_number: 'invalidNumber',
  too_many_decimals: 'tooManyDecimals',
  negative: 'negativeAmount',
  too_large: 'amountTooLarge',
};

/** A stored quote as the user reads it. */
export function quoteView(row: SwapQuotesTable): SwapQuote {
  return {
    id: row.id,
    from: row.from_coin,
    to: row.to_coin,
    quantity: row.quantity,
    rate: row.rate,
    gross: row.gross,
    fee: row.fee,
    net: row.net,
    spreadBps: Number(row.spread_bps),
    feeBps: Number(row.fee_bps),
    prices: JSON.parse(row.prices_json) as SwapQuote['prices'],
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
  };
}

/**
 * Quotes: today's rate from both coins' index prices with the published spread and fee
 * (`priceSwap` in core), stored so that a swap settles exactly the figures the user saw.
 * A quote the swap pool could not pay is refused now rather than at the swap.
 */
export function createQuotes(deps: {
  db: SwapDb;
  clock: Clock;
  engine: Pick<EngineFront, 'accountBalance'>;
  prices: IndexPrices;
  terms: Terms;
}) {
  const { db, clock, engine, prices, terms } = deps;

  function coin(field: 'from' | 'to', code: string) {
    if (!prices.offers(code)) throw new AppError('validation', 'unknownCoin', {}, field);
    const priced = prices.price(code);
    if (!priced) throw new AppError('validation', 'swapNoPrice', { coin: code }, field);
    return priced;
  }

  return {
    async quote(user: string, input: QuoteInput): Promise<SwapQuote> {
      if (input.from === input.to) throw new AppError('validation', 'swapSameCoin', {}, 'to');
      const from = coin('from', input.from);
      const to = coin('to', input.to);
      const read = readAmount(from.asset, input.quantity);
      if (!read.ok) {
        const message = AMOUNT_MESSAGE[read.reason] ?? 'invalidNumber';
        throw new AppError('validation', message, { field: 'quantity' }, 'quantity');
      }
      if (read.units === 0n) {
        throw new AppError('validation', 'zeroAmount', { field: 'quantity' }, 'quantity');
      }
      const published = await terms.read();
      const price = priceSwap(from.leg, to.leg, read.units, published);
      if (price.net <= 0n) throw new AppError('validation', 'swapTooSmall', {}, 'quantity');
      if (price.gross > to.asset.maxAmount) {
        throw new AppError('validation', 'amountTooLarge', { field: 'quantity' }, 'quantity');
      }
      if (engine.accountBalance(poolAccount(SWAP_POOL, to.asset.code)) < price.gross) {
        throw new AppError(
          'validation',
          'swapLiquidityInsufficient',
          { coin: to.asset.code },
          'quantity',
        );
      }
      const usdt = prices.usdtDecimals();
      const index = [from, to].map((c) => ({
        coin: c.asset.code,
        price: formatUnits(c.leg.price, usdt),
        time: c.time,
      }));
      const now = clock.now().getTime();
      const decimals = to.asset.decimals;
      const row: SwapQuotesTable = {
        id: newId(),
        user_id: user,
        from_coin: from.asset.code,
        to_coin: to.asset.code,
        quantity: formatUnits(read.units, from.asset.decimals),
        rate: formatUnits(price.rate, decimals + RATE_EXTRA_DECIMALS),
        gross: formatUnits(price.gross, decimals),
        fee: formatUnits(price.fee, decimals),
        net: formatUnits(price.net, decimals),
        spread_bps: published.spreadBps,
        fee_bps: published.feeBps,
        prices_json: JSON.stringify(index),
        state: 'open',
        created_at: now,
        expires_at: now + QUOTE_SECONDS * 1000,
        settled_at: null,
        ...UNCLAIMED,
      };
      await db.insertInto('swap_quotes').values(row).execute();
      // Quotes nobody took are kept an hour (a late swap is told it expired), then go.
      await db
        .deleteFrom('swap_quotes')
        .where('user_id', '=', user)
        .where('state', '=', 'open')
        .where('expires_at', '<', now - FORGET_AFTER_MS)
        .execute();
      return quoteView(row);
    },
  };
}

export type Quotes = ReturnType<typeof createQuotes>;
