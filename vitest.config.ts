import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'e2e'],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
