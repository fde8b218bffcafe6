// What other features' tests may use of the markets feature: a market layer to hand a
// page under test (with a fake socket) and sample tickers.
export { createFavourites } from './data/favourites.ts';
export { MarketFeed } from './data/feed.ts';
export { MarketLayerContext, type MarketLayer } from './data/hooks.ts';
export { priceInfo } from './data/test-data.ts';
// The cells of the market pages, for the app's test that one value reads alike on every page.
export { MarketOverview } from './pages/home/MarketOverview.tsx';
export { TopMovers } from './pages/home/TopMovers.tsx';
export { QuoteRow } from './pages/quotes/QuoteRow.tsx';
export { RatePage } from './pages/rate/RatePage.tsx';
export { MarketStats } from './pages/market/MarketStats.tsx';
export { OrderBook } from './pages/market/OrderBook.tsx';
export { RecentTrades } from './pages/market/RecentTrades.tsx';
