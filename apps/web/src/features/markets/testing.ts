// What other features' tests may use of the markets feature: a market layer to hand a
// page under test (with a fake socket) and sample tickers.
export { createFavourites } from './data/favourites.ts';
export { MarketFeed } from './data/feed.ts';
export { MarketLayerContext, type MarketLayer } from './data/hooks.ts';
export { priceInfo } from './data/test-data.ts';
