import { MQTT_TOPICS } from '@meridian/contract';

/**
 * Who may read what on the embedded broker: the public tickers are for everyone, a
 * refresh topic only for the user it names. Only exact topics are granted, so a
 * wildcard (`refresh_+`, `#`) never reaches another user's messages.
 */
export function maySubscribe(topic: string, userId: string | null): boolean {
  if (topic === MQTT_TOPICS.allSymbolDetail) return true;
  return userId !== null && topic === MQTT_TOPICS.userRefresh(userId);
}

const PRIVATE_PREFIX = MQTT_TOPICS.userRefresh('');

/**
 * The user a private topic belongs to (`refresh_{userId}`), or null for a public one.
 * Every delivery on a private topic is checked against it, not only the subscription.
 */
export function privateTopicOwner(topic: string): string | null {
  return topic.startsWith(PRIVATE_PREFIX) ? topic.slice(PRIVATE_PREFIX.length) : null;
}

/**
 * The access token a client presents: the MQTT password, or else the username. Without
 * a password the username may just be a name, so it only counts when it resolves.
 */
export function presentedToken(
  username: string | undefined,
  password: Buffer | undefined,
): { token: string; required: boolean } | null {
  if (password && password.length > 0) return { token: password.toString('utf8'), required: true };
  if (username) return { token: username, required: false };
  return null;
}
