import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePlatformAndBrowser } from './platform.ts';

/**
 * The market pages against the running platform: the market data service (HTTP calls of
 * packages/contract/src/calls/market.ts) and the market socket (realtime.ts) must be in
 * the build. Prices come from the platform's simulated index, which moves every second.
 */

const ctx = usePlatformAndBrowser();

async function openPage(path: string) {
  const page = await ctx.browser.newPage({ viewport: { width: 1366, height: 900 } });
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(error.message));
  await page.goto(ctx.platform.url + path);
  return { page, crashes };
}

/**
 * The cells of every live figure of the quotes table: last prices and 24 h changes. The
 * web app's class names are CSS-module hashes, so the cells are found by their test ids.
 */
const LIVE_CELLS = '[data-testid="quote-price"], [data-testid="quote-change"]';

/** The text of every live figure of the quotes table, by its market and column. */
function liveFigures(page: Page): Promise<Record<string, string>> {
  return page.evaluate((cells) => {
    const figures: Record<string, string> = {};
    for (const cell of Array.from(document.querySelectorAll(cells))) {
      const market = cell.closest('[data-symbol]')?.getAttribute('data-symbol') ?? '';
      figures[`${market} ${cell.getAttribute('data-testid')}`] = cell.textContent ?? '';
    }
    return figures;
  }, LIVE_CELLS);
}

describe('market pages in a browser', () => {
  it('shows the quotes table and a live price change within 15 s', async () => {
    const { page, crashes } = await openPage('/quotes/index');
    await page.locator('tr[data-symbol="btcusdt"]').waitFor({ timeout: 20_000 });
    const first = await liveFigures(page);
    expect(Object.keys(first).length).toBeGreaterThan(0);
    // Tickers repaint about once a second; any figure of any market changing will do. A
    // figure is compared with its own market's (rows may still be arriving or move).
    await expect
      .poll(
        async () => {
          const now = await liveFigures(page);
          return Object.keys(first).some((key) => key in now && now[key] !== first[key]);
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);
    expect(crashes).toEqual([]);
    await page.close();
  });

  it('shows the chart canvas and the order book of btcusdt', async () => {
    const { page, crashes } = await openPage('/market/main?symbol=btcusdt');
    await page.locator('[data-testid="candle-chart"] canvas').first().waitFor({ timeout: 20_000 });
    const box = await page.locator('[data-testid="candle-chart"]').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(200);
    expect(box?.height ?? 0).toBeGreaterThan(200);
    // The book draws at most 10 rows a side, and never an empty one.
    await page.getByTestId('book-row').first().waitFor();
    const rows = await page.getByTestId('book-row').allInnerTexts();
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.length).toBeLessThanOrEqual(20);
    for (const row of rows) expect(row).toMatch(/\d/);
    await page.getByText('Order book').waitFor();
    // The 24 h header fills from the DETAIL channel (or the initial HTTP tickers).
    await page.waitForFunction(
      () => /\d/.test(document.querySelector('[data-testid="market-last"]')?.textContent ?? ''),
      undefined,
      { timeout: 15_000 },
    );
    // The licence's attribution link to TradingView is on the page: the chart's logo, in
    // the corner the candles keep clear.
    expect(await page.locator('a[href^="https://www.tradingview.com/"]').count()).toBeGreaterThan(
      0,
    );
    expect(crashes).toEqual([]);
    await page.close();
  });
});
