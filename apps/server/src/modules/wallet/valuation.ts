import { Decimal } from '@meridian/core';
import type { MarketsService } from '../markets/index.ts';
import { AppError } from '../../kernel/errors.ts';

const ONE = Decimal.fromUnits(1n, 0);

export interface DisplayCurrency {
  code: string;
  symbol: string;
  rate: string;
}

/**
 * What a coin is worth, for the overview only: its USDT market's last trade price (the
 * index price before the first trade), and the published display rates. Nothing is
 * priced, settled or refused on these; they only say what balances are worth.
 */
export function createValuation(markets: MarketsService) {
  function price(coin: string): Decimal | null {
    if (coin === 'USDT') return ONE;
    const market = markets.catalogue
      .markets()
      .find((m) => m.spec.base.code === coin && m.spec.quote.code === 'USDT');
    const ticker = market && markets.feed.ticker(market.symbol);
    if (!ticker) return null;
    for (const text of [ticker.close, ticker.indexPrice]) {
      const value = text === null ? null : Decimal.parse(text);
      if (value && value.sign() > 0) return value;
    }
    return null;
  }

  /** A published display currency by code (any case); the first published by default. */
  function currency(code: string | undefined): DisplayCurrency & { factor: Decimal } {
    const rates = markets.coinRates;
    const found =
      code === undefined ? rates[0] : rates.find((r) => r.code === code.trim().toLowerCase());
    const factor = found && Decimal.parse(found.rate);
    if (!found || !factor) {
      throw new AppError('validation', 'unknownCurrency', {}, 'currency');
    }
    return { code: found.code.toUpperCase(), symbol: found.symbol, rate: found.rate, factor };
  }

  return { price, currency };
}

export type Valuation = ReturnType<typeof createValuation>;
