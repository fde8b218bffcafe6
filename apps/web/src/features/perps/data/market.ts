import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { Decimal } from '@meridian/core';
import type { PerpMarket } from '@meridian/contract/calls/perps';
import {
  DEFAULT_SYMBOL,
  fullSymbol,
  kindOfSymbol,
  marginCoinOf,
  PRICE_UNIT,
  symbolParam,
  type PerpKind,
} from './kind.ts';
import { usePerpMarkets, usePerpSettings, usePerpTicker, usePositions } from './queries.ts';

/**
 * `btc`, `BTC` or `btcusdt` all name `btcusdt` on the U-contract page (`btcusd` on the
 * coin-margined one); one not listed among the page's kind is reported, BTC shown.
 */
export function resolveSymbol(
  asked: string | null,
  listed: readonly string[] | null,
  kind: PerpKind = 'linear',
) {
  if (!asked) return { symbol: DEFAULT_SYMBOL[kind], unknown: false };
  const full = fullSymbol(asked, kind);
  if (listed !== null && !listed.includes(full))
    return { symbol: DEFAULT_SYMBOL[kind], unknown: true };
  return { symbol: full, unknown: false };
}

/** "BTCUSDT", "BTCUSD": as the venues write a perpetual's name. */
export const perpName = (symbol: string) => symbol.toUpperCase();

/**
 * A market's title: "BTCUSDT perpetual", "BTCUSD coin-margined perpetual" (the page's
 * heading, the picker's options, the rules' sections).
 */
export function marketTitle(t: TFunction<'perps'>, symbol: string, kind: PerpKind): string {
  return t(kind === 'inverse' ? 'page.nameInverse' : 'page.name', { name: perpName(symbol) });
}

/** The decimals of a market's prices: those of its tick size ("0.1" is 1). */
export function priceDecimalsOf(market: Pick<PerpMarket, 'tickSize'> | undefined): number {
  const tick = market ? Decimal.parse(market.tickSize) : null;
  return tick ? Math.max(tick.decimalPlaces(), 0) : 2;
}

/**
 * What the lists need of each row's market: its kind and the coin its money is in, for
 * a symbol of any kind (a row of a market not loaded yet reads from its name).
 */
export function useMarketCoins() {
  const markets = usePerpMarkets();
  return useMemo(() => {
    const bySymbol = new Map((markets.data ?? []).map((m) => [m.symbol, m] as const));
    return {
      coinOf: (symbol: string) => marginCoinOf(bySymbol.get(symbol), symbol),
      kindOf: (symbol: string) => bySymbol.get(symbol)?.kind ?? kindOfSymbol(symbol),
      marketOf: (symbol: string) => bySymbol.get(symbol),
    };
  }, [markets.data]);
}

export type MarketCoins = ReturnType<typeof useMarketCoins>;

/**
 * One market as the trade page needs it: its published rules, live figures, the user's
 * leverage and margin mode there (the market's defaults before the first change), the
 * user's position in it, and the units its figures are in (the price's and the money's).
 */
export function usePerpMarket(asked: string | null, kind: PerpKind = 'linear') {
  const markets = usePerpMarkets();
  const listed = useMemo(
    () => markets.data?.filter((m) => m.kind === kind).map((m) => m.symbol) ?? null,
    [markets.data, kind],
  );
  const { symbol, unknown } = resolveSymbol(asked, listed, kind);
  const market = markets.data?.find((m) => m.symbol === symbol);
  const ticker = usePerpTicker(symbol);
  const settings = usePerpSettings();
  const positions = usePositions();
  const setting = settings.data?.find((s) => s.symbol === symbol);
  const position = positions.data?.find((p) => p.symbol === symbol) ?? null;
  return {
    kind,
    symbol,
    unknown,
    markets,
    /** The markets of this page's kind (the others are a link away in the picker). */
    listed,
    market,
    ticker: ticker.data,
    leverage: setting?.leverage ?? position?.leverage ?? Math.min(10, market?.maxLeverage ?? 10),
    marginMode: setting?.marginMode ?? position?.marginMode ?? ('cross' as const),
    position,
    positions,
    priceDecimals: priceDecimalsOf(market),
    base: market?.base ?? symbolParam(symbol, kind),
    /** The coin of margins, fees, profits and the account: USDT, or the base coin. */
    marginCoin: marginCoinOf(market, symbol),
    /** What prices are written in: USDT, or USD for a coin-margined market. */
    priceUnit: PRICE_UNIT[kind],
  };
}

export type PerpMarketState = ReturnType<typeof usePerpMarket>;
