import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    environment: 'node',
    // Two journeys at once: each has its own platform, data directory and browser, and
    // much of a journey is waiting (a 30-second contract, a live tick), so two overlap well
    // on two cores; more would starve them (groups: see the root config).
    maxWorkers: 2,
    sequence: { groupOrder: 2 },
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
