import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePlatformAndBrowser } from './platform.ts';
import { apiLogIn, logIn, signedInPage, type DemoSession } from './session.ts';

/**
 * The pages under the platform's Content-Security-Policy (no inline script, no eval):
 * any violation, console error or page error fails the journey.
 */
const ctx = usePlatformAndBrowser();

/** Records violations, console errors and page errors on `page` from its first script on. */
async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.exposeFunction('reportViolation', (text: string) =>
    problems.push(`policy violation: ${text}`),
  );
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation(text: string): void }).reportViolation;
      report(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}`);
    });
  });
  return problems;
}

async function visit(page: Page, path: string) {
  const response = await page.goto(ctx.platform.url + path);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp, path).toContain("script-src 'self'");
  expect(csp, path).toContain("frame-ancestors 'none'");
  expect(csp, path).not.toContain('unsafe-eval');
  expect(response?.headers()['x-frame-options'], path).toBe('DENY');
}

describe('the pages under the security headers', () => {
  let session: DemoSession;

  it('load the main pages, the chart and the sockets with no violation or error', async () => {
    session = await apiLogIn(ctx.platform.url, 'demo1@meridian.local');
    for (const signedIn of [false, true]) {
      const page = await signedInPage(ctx.browser, signedIn ? session : null);
      const problems = await watch(page);
      const socketFrame = new Promise<void>((resolve) =>
        page.on('websocket', (socket) => socket.once('framereceived', () => resolve())),
      );
      await visit(page, '/home/index');
      await page.getByText('Main markets').waitFor();
      await visit(page, '/quotes/index');
      await page.locator('tr[data-symbol="btcusdt"]').waitFor({ timeout: 20_000 });
      await visit(page, '/trade/index?type=spot');
      await page.locator('[data-testid="candle-chart"] canvas').first().waitFor();
      // The market socket (connect-src) answers with frames.
      await socketFrame;
      await visit(page, signedIn ? '/account/center' : '/user/login');
      await page.locator('main').waitFor();
      expect(problems, signedIn ? 'signed in' : 'visitor').toEqual([]);
      await page.close();
    }
  });

  it('keeps the token cookie SameSite=Strict after a login through the page', async () => {
    const page = await ctx.browser.newPage();
    const problems = await watch(page);
    await logIn(page, ctx.platform.url, 'demo1@meridian.local', 'Demo1234');
    const token = (await page.context().cookies()).find((c) => c.name === 'meridian_token');
    // Plain HTTP here: Secure is added only on a page served over TLS.
    expect(token).toMatchObject({ sameSite: 'Strict', secure: false, path: '/' });
    expect(problems).toEqual([]);
    await page.context().clearCookies();
    await page.close();
  });

  it('shows the API documentation under its own policy with no violation', async () => {
    const page = await ctx.browser.newPage();
    const problems = await watch(page);
    const response = await page.goto(`${ctx.platform.url}/api/docs`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByText('/api/health').first().waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});
