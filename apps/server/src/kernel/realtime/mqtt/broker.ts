import { MQTT_TOPICS } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { SessionService } from '../../../modules/identity/sessions.ts';
import type { MarketFeed } from '../../../modules/markets/feed.ts';
import { createThrottle } from '../throttle.ts';
import { startEmbeddedBroker } from './embedded-broker.ts';
import { connectExternalBroker } from './external-broker.ts';
import type { MqttPublisher } from './publisher.ts';

/** The public ticker topic is published at most this often. */
export const TICKER_PUBLISH_MS = 1000;
export const DEFAULT_MQTT_PATH = '/mqtt';

export interface BrokerOptions {
  sessions: Pick<SessionService, 'authenticate'>;
  feed: MarketFeed;
  /** An external broker (MQTT_URL); without it the embedded one serves `path`. */
  mqttUrl?: string;
  path?: string;
}

export interface Broker {
  /** Tells one user's clients to refresh (topic `refresh_{userId}`); payload sent as JSON. */
  publishUserRefresh(userId: string, payload: unknown): void;
  status(): { status: 'up' | 'down'; detail: string };
  close(): Promise<void>;
}

/**
 * Starts MQTT for the platform and publishes the tickers to `all_symbol_detail`: the
 * whole list, retained, so a new subscriber has every market at once. Call before
 * `app.ready()`; it stops with `app.close()` too.
 */
export async function startBroker(app: FastifyInstance, options: BrokerOptions): Promise<Broker> {
  const publisher: MqttPublisher = options.mqttUrl
    ? connectExternalBroker(options.mqttUrl, app.log)
    : await startEmbeddedBroker(app, {
        sessions: options.sessions,
        path: options.path ?? DEFAULT_MQTT_PATH,
      });

  const tickers = createThrottle(TICKER_PUBLISH_MS, () =>
    publisher.publish(MQTT_TOPICS.allSymbolDetail, JSON.stringify(options.feed.tickers()), true),
  );
  const stopFeed = options.feed.subscribe((update) => {
    if (update.type === 'ticker') tickers.touch();
  });

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      stopFeed();
      tickers.cancel();
      await publisher.close();
    })();
    return closing;
  };
  app.addHook('onClose', close);

  return {
    publishUserRefresh(userId, payload) {
      const topic = MQTT_TOPICS.userRefresh(userId);
      if (publisher.mayHaveSubscribers(topic)) {
        publisher.publish(topic, JSON.stringify(payload), false);
      }
    },
    status: () => publisher.status(),
    close,
  };
}
