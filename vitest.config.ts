import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Projects run in three groups, one after another, each with its own number of files at
  // once: the unit projects (core, contract, sdk, web) one per core, then the server's files
  // one at a time, then the browser journeys two at a time. On the 2-core CI machine this
  // took `npm test` from 19.5 to 16 minutes.
  test: {
    projects: ['packages/*', 'apps/*', 'e2e'],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
