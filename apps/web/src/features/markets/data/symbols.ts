import type { MarketRow } from '@meridian/contract/calls/market';

/** The quote every listed market is priced in (seed section 9: `btcusdt`). */
export const QUOTE = 'usdt';

/** `BTC/USDT` -> `btcusdt` (seed section 9: lowercase base + quote). */
export function rowSymbol(row: Pick<MarketRow, 'symbol_name'>): string {
  return row.symbol_name.replace('/', '').toLowerCase();
}

/** `btcusdt` -> ['btc', 'usdt'], the `a` and `b` of the trade and watchlist paths. */
export function pairOf(symbol: string): [string, string] {
  const lower = symbol.toLowerCase();
  if (lower.endsWith(QUOTE) && lower.length > QUOTE.length)
    return [lower.slice(0, -QUOTE.length), QUOTE];
  return [lower, QUOTE];
}

/** `btcusdt` -> `BTC/USDT`, for a market named before its row is known. */
export function displayName(symbol: string): string {
  const [a, b] = pairOf(symbol);
  return `${a.toUpperCase()}/${b.toUpperCase()}`;
}
