import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startPlatform, type RunningPlatform } from './start-platform.ts';

export { freePort, startPlatform, type RunningPlatform } from './start-platform.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Starts the platform and a browser before a file's tests and stops both after; `env` is
 * read when the platform starts, so it may name things an earlier hook made.
 */
export function usePlatformAndBrowser(env: () => Record<string, string> = () => ({})) {
  const context = {} as { platform: RunningPlatform; browser: Browser };
  beforeAll(async () => {
    context.platform = await startPlatform(env());
    context.browser = await launchBrowser();
  });
  afterAll(async () => {
    await context.browser?.close();
    await context.platform?.stop();
  });
  return context;
}
