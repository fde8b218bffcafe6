import type { PerpMarket } from '@meridian/contract/calls/perps';

/*
 * The two kinds of perpetual the pages serve with one set of widgets: linear (USDT
 * contracts, "U", `?type=usta`) and inverse (coin-margined, "B", `?type=coin`). Everything
 * that differs between them by name or address is here; the arithmetic is in maths.ts.
 */

export type PerpKind = PerpMarket['kind'];
export const PERP_KINDS: readonly PerpKind[] = ['linear', 'inverse'];

/** The seed's trade types in addresses: `/trade/index?type=usta`, `?type=coin`. */
export const PERP_TYPE = { linear: 'usta', inverse: 'coin' } as const satisfies Record<
  PerpKind,
  string
>;
/** The order centres: `/account/entrust/future/u` and `/account/entrust/future/coin`. */
export const CENTRE_PATH = {
  linear: '/account/entrust/future/u',
  inverse: '/account/entrust/future/coin',
} as const satisfies Record<PerpKind, string>;
/** The contract type of the calls that filter by it (one-key close, tickers, initData). */
export const CONTRACT_TYPE = { linear: 'U', inverse: 'B' } as const satisfies Record<
  PerpKind,
  'U' | 'B'
>;
/** What a symbol ends with: `btcusdt` (linear), `btcusd` (inverse). */
const SUFFIX = { linear: 'usdt', inverse: 'usd' } as const satisfies Record<PerpKind, string>;
/** The market shown when none is asked for. */
export const DEFAULT_SYMBOL = { linear: 'btcusdt', inverse: 'btcusd' } as const satisfies Record<
  PerpKind,
  string
>;
/** Prices of inverse markets are quoted in USD (on the USDT index, at USDT's decimals). */
export const PRICE_UNIT = { linear: 'USDT', inverse: 'USD' } as const satisfies Record<
  PerpKind,
  string
>;

/** The kind a trade type names (`usta`, `coin`), or null for any other. */
export function kindOfType(type: string | null | undefined): PerpKind | null {
  return PERP_KINDS.find((kind) => PERP_TYPE[kind] === type) ?? null;
}

/** A symbol's kind from its name alone (`btcusd` inverse, everything else linear). */
export function kindOfSymbol(symbol: string): PerpKind {
  // `btcusdt` ends in `usdt`, never in `usd`: only an inverse symbol ends in `usd`.
  return symbol.endsWith(SUFFIX.inverse) ? 'inverse' : 'linear';
}

/** `btc`, `BTC` or `btcusd` all name `btcusd` on the inverse page (`btcusdt` on the linear). */
export function fullSymbol(asked: string, kind: PerpKind): string {
  const lower = asked.toLowerCase();
  const suffix = SUFFIX[kind];
  return lower.endsWith(suffix) && lower.length > suffix.length ? lower : `${lower}${suffix}`;
}

/** The short form an address carries: `btcusd` → `btc`. */
export function symbolParam(symbol: string, kind: PerpKind = kindOfSymbol(symbol)): string {
  return symbol.endsWith(SUFFIX[kind]) ? symbol.slice(0, -SUFFIX[kind].length) : symbol;
}

/** The trade page of a market: `/trade/index?type=coin&symbol=btc`. */
export function tradePath(symbol: string, kind: PerpKind = kindOfSymbol(symbol)): string {
  return `/trade/index?type=${PERP_TYPE[kind]}&symbol=${symbolParam(symbol, kind)}`;
}

/**
 * The coin a market's money is in: USDT for linear markets, the base coin for inverse
 * ones (the market's own `marginCoin` once it is loaded).
 */
export function marginCoinOf(
  market: Pick<PerpMarket, 'marginCoin'> | undefined,
  symbol: string,
): string {
  if (market) return market.marginCoin.toUpperCase();
  const kind = kindOfSymbol(symbol);
  return kind === 'linear' ? 'USDT' : symbolParam(symbol, kind).toUpperCase();
}
