import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { messagePickPlugin } from './build/message-pick.ts';

export default defineProject({
  plugins: [react(), messagePickPlugin(fileURLToPath(new URL('./src', import.meta.url)))],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // One file per core; these share nothing (groups: see the root config).
    maxWorkers: '100%',
    sequence: { groupOrder: 0 },
    // antd pages in jsdom take 2-5 s a test on two cores, more while the server tests
    // run beside them; a slow page is not a failing one.
    testTimeout: 20_000,
  },
});
