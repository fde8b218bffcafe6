import { MQTT_TOPICS } from '@meridian/contract';
import type { Broker } from '../../kernel/realtime/mqtt/broker.ts';
import { createThrottle } from '../../kernel/realtime/throttle.ts';
import type { MarketFeed } from './feed.ts';

/** The public ticker topic is published at most this often. */
export const TICKER_PUBLISH_MS = 1000;

/**
 * Publishes the tickers to `all_symbol_detail`: the whole list, retained, so a new
 * subscriber has every market at once. Returns the stop function.
 */
export function publishTickers(broker: Pick<Broker, 'publish'>, feed: MarketFeed): () => void {
  const tickers = createThrottle(TICKER_PUBLISH_MS, () =>
    broker.publish(MQTT_TOPICS.allSymbolDetail, JSON.stringify(feed.tickers()), true),
  );
  const stopFeed = feed.subscribe((update) => {
    if (update.type === 'ticker') tickers.touch();
  });
  return () => {
    stopFeed();
    tickers.cancel();
  };
}
