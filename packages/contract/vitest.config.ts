import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contract',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // One file per core; these share nothing (groups: see the root config).
    maxWorkers: '100%',
    sequence: { groupOrder: 0 },
  },
});
