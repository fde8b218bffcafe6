import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startPlatform, type RunningPlatform } from './start-platform.ts';

export { freePort, startPlatform, type RunningPlatform } from './start-platform.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Pages open as for a user who asks their system for less motion: menus and notices open
 * at once. While one slid in on a loaded machine its item was not yet still, Playwright's
 * retries scrolled it to the top of the page, the header's menu then moved under the
 * pointer between press and release, and the click was lost. A test may still ask for
 * motion (`reducedMotion: 'no-preference'`).
 */
function withReducedMotion(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  return Object.assign(browser, {
    newContext: (options: BrowserContextOptions = {}) =>
      newContext({ reducedMotion: 'reduce', ...options }),
    newPage: (options: BrowserContextOptions = {}) =>
      newPage({ reducedMotion: 'reduce', ...options }),
  });
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
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
  return withReducedMotion(browser);
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
  // A journey that fails in CI is seldom reproduced at will: say what each open page showed
  // and what the platform logged, so the failure can be read from the run's output.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !context.browser) return;
    console.error(`--- ${task.name}: what the browser showed when it failed`);
    for (const page of context.browser.contexts().flatMap((c) => c.pages())) {
      const text = await page
        .evaluate<string>('document.body.innerText')
        .catch((error: unknown) => `(unreadable: ${String(error)})`);
      console.error(`[${page.url()}]\n${text.slice(0, 3000)}`);
    }
    console.error(
      `--- the platform's log (warnings and errors)\n${context.platform.output().slice(-4000)}`,
    );
  });
  afterAll(async () => {
    await context.browser?.close();
    await context.platform?.stop();
  });
  return context;
}
