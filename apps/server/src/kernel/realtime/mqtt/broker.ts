import { MQTT_TOPICS } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { SessionAuthority } from '../../sessions.ts';
import { startEmbeddedBroker } from './embedded-broker.ts';
import { connectExternalBroker } from './external-broker.ts';
import type { MqttPublisher, PrivateTopicRule } from './publisher.ts';

export const DEFAULT_MQTT_PATH = '/mqtt';

export interface BrokerOptions {
  sessions: Pick<SessionAuthority, 'authenticate' | 'liveSessions'> &
    Partial<Pick<SessionAuthority, 'onRevoked'>>;
  /** An external broker (MQTT_URL); without it the embedded one serves `path`. */
  mqttUrl?: string;
  path?: string;
}

export interface Broker {
  /** Publishes a public topic (e.g. `all_symbol_detail`); `retain` keeps the last for new subscribers. */
  publish(topic: string, payload: string, retain: boolean): void;
  /**
   * Tells one user's clients to refresh (topic `refresh_{userId}`); payload sent as JSON.
   * Only where the broker checks the reader's session: never to an external broker.
   */
  publishUserRefresh(userId: string, payload: unknown): void;
  /** Guards topics `prefix + key` as private to their owner (see `PrivateTopicRule`). */
  guardTopics(rule: PrivateTopicRule): void;
  /**
   * Publishes on a topic a `guardTopics` rule covers, as JSON; like a refresh, only where
   * the broker checks the reader's session: never to an external broker.
   */
  publishPrivate(topic: string, payload: unknown): void;
  status(): { status: 'up' | 'down'; detail: string };
  close(): Promise<void>;
}

/**
 * Starts MQTT for the platform: the embedded broker, or a connection to an external one.
 * Modules publish through it (markets: the tickers; user events: each user's refresh
 * topic). Call before `app.ready()`; it stops with `app.close()` too.
 */
export async function startBroker(app: FastifyInstance, options: BrokerOptions): Promise<Broker> {
  const publisher: MqttPublisher = options.mqttUrl
    ? connectExternalBroker(options.mqttUrl, app.log)
    : await startEmbeddedBroker(app, {
        sessions: options.sessions,
        path: options.path ?? DEFAULT_MQTT_PATH,
      });

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      await publisher.close();
    })();
    return closing;
  };
  app.addHook('onClose', close);

  return {
    publish: (topic, payload, retain) => publisher.publish(topic, payload, retain),
    publishUserRefresh(userId, payload) {
      if (!publisher.guardsUserTopics) return;
      const topic = MQTT_TOPICS.userRefresh(userId);
      if (publisher.mayHaveSubscribers(topic)) {
        publisher.publish(topic, JSON.stringify(payload), false);
      }
    },
    guardTopics(rule) {
      publisher.guardTopics?.(rule);
    },
    publishPrivate(topic, payload) {
      if (!publisher.guardsUserTopics || !publisher.guardTopics) return;
      if (publisher.mayHaveSubscribers(topic)) {
        publisher.publish(topic, JSON.stringify(payload), false);
      }
    },
    status: () => publisher.status(),
    close,
  };
}
