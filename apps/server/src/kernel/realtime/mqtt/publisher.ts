/** How the platform reaches MQTT, embedded or external: publish, and say whether it is up. */
export interface MqttPublisher {
  publish(topic: string, payload: string, retain: boolean): void;
  /**
   * False only when it is certain that no connected client would receive a QoS 0 publish
   * to `topic`, so the caller may skip building it. An external broker cannot tell: true.
   */
  mayHaveSubscribers(topic: string): boolean;
  status(): { status: 'up' | 'down'; detail: string };
  close(): Promise<void>;
}
