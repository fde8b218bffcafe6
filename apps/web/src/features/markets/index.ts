// What other features may use of the markets feature; everything else is its own.
export { marketsRoutes } from './routes.ts';
export { QUOTE, displayName, pairOf, rowSymbol } from './data/symbols.ts';
export type { KlineInterval } from './data/feed.ts';
export { useLiveTickers, useMarketLayer, useTicker } from './data/hooks.ts';
export { useMarketRows, useSeedTickers } from './data/rows.ts';
export { useFavouriteToggle } from './data/useFavouriteToggle.ts';
export { EXCHANGE_REFRESH_MS, toCurrency, useExchangeRates } from './data/rates.ts';
export { ChangePercent } from './widgets/Change.tsx';
export { FavouriteStar } from './widgets/FavouriteStar.tsx';
export { PairName } from './widgets/Pair.tsx';
export { atDecimals } from './widgets/pad.ts';
export { CandleChart } from './pages/market/CandleChart.tsx';
export { MarketStats } from './pages/market/MarketStats.tsx';
export { OrderBook } from './pages/market/OrderBook.tsx';
export { rowsThatFit } from './pages/market/book-rows.ts';
export { RecentTrades } from './pages/market/RecentTrades.tsx';
