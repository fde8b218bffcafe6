import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import type { MqttPublisher } from './publisher.ts';

/** The broker's address without credentials, for health and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return 'invalid MQTT_URL';
  }
}

/**
 * Publishes to an external broker (MQTT_URL, e.g. Mosquitto). Who may subscribe to what
 * is then that broker's ACL, and it cannot check the platform's sessions: a logged-out
 * token, or no token at all, would read as well as a live one. So it carries only the
 * public topics; a user's own events go to the user socket, which checks the session.
 * While it is unreachable, messages are dropped rather than queued: a ticker list is
 * stale by the time it could be sent.
 */
export function connectExternalBroker(url: string, log: FastifyBaseLogger): MqttPublisher {
  const where = redactUrl(url);
  const client = mqtt.connect(url, {
    clientId: `meridian-platform-${randomUUID()}`,
    keepalive: 5,
    reconnectPeriod: 3000,
    queueQoSZero: false,
  });
  let lastError = '';
  client.on('error', (error) => {
    lastError = error.message;
    log.warn({ err: error, broker: where }, 'mqtt broker error');
  });
  client.on('connect', () => {
    lastError = '';
    log.info({ broker: where }, 'mqtt broker connected (public topics only, no refresh_{userId})');
  });

  return {
    guardsUserTopics: false,
    mayHaveSubscribers: () => true,
    publish(topic, payload, retain) {
      if (!client.connected) return;
      client.publish(topic, payload, { qos: 0, retain });
    },
    status: () =>
      client.connected
        ? { status: 'up', detail: `external ${where}` }
        : { status: 'down', detail: `external ${where}${lastError ? `: ${lastError}` : ''}` },
    close: () => client.endAsync().then(() => undefined),
  };
}
