/** How the platform reaches MQTT, embedded or external: publish, and say whether it is up. */
export interface MqttPublisher {
  publish(topic: string, payload: string, retain: boolean): void;
  status(): { status: 'up' | 'down'; detail: string };
  close(): Promise<void>;
}
