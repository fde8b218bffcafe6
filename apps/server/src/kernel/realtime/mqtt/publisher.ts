/** How the platform reaches MQTT, embedded or external: publish, and say whether it is up. */
export interface MqttPublisher {
  publish(topic: string, payload: string, retain: boolean): void;
  /**
   * False only when it is certain that no connected client would receive a QoS 0 publish
   * to `topic`, so the caller may skip building it. An external broker cannot tell: true.
   */
  mayHaveSubscribers(topic: string): boolean;
  /**
   * Whether this broker lets only the named user read a private topic (`refresh_{userId}`)
   * and only while the session lives. The embedded broker checks every reader's session;
   * an external broker knows nothing of the platform's sessions, so it gets none.
   */
  readonly guardsUserTopics: boolean;
  /**
   * Makes every topic `prefix + key` private to the user `ownerOf(key)` names (a chat
   * key's topic): only that user's live sessions may subscribe to and receive it. Only a
   * broker that guards user topics takes rules; the others never carry such topics.
   */
  guardTopics?(rule: PrivateTopicRule): void;
  status(): { status: 'up' | 'down'; detail: string };
  close(): Promise<void>;
}

/** Topics that belong to one user each, named by a key only that user is given. */
export interface PrivateTopicRule {
  prefix: string;
  /** The user a key belongs to, or null for none (asked when a client subscribes). */
  ownerOf(key: string): Promise<string | null>;
}
