import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // antd pages in jsdom take 2-5 s a test on two cores, more while the server tests
    // run beside them; a slow page is not a failing one.
    testTimeout: 20_000,
  },
});
