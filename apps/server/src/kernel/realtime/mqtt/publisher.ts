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
  status(): { status: 'up' | 'down'; detail: string };
  close(): Promise<void>;
}
