import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // One file at a time: the files share the machine's PostgreSQL, Redis, NATS and MQTT
    // broker, and the process tests time failovers (groups: see the root config).
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
    testTimeout: 20_000,
  },
});
