import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePlatformAndBrowser } from './platform.ts';

/**
 * The spot trade page against the running platform: a demo user places a resting limit
 * order through the form, and the engine holds exactly its value.
 */

const ctx = usePlatformAndBrowser();
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

async function seriousViolations(page: Page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    const { violations } = await axe.run();
    return (violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

const stored = (content: string) =>
  JSON.stringify({ dataType: 'string', content, type: 'localStorage', datetime: Date.now() });

async function demoSession() {
  const res = await fetch(`${ctx.platform.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'email', username: 'demo2@meridian.local', password: 'Demo1234' }),
  });
  const body = (await res.json()) as {
    data: { token: string; refreshToken: string; issuedAt: string };
  };
  return body.data;
}

describe('spot trade page in a browser', () => {
  it('places a limit buy through the confirmation, with an idempotency key', async () => {
    const session = await demoSession();
    const page = await ctx.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    await page.addInitScript(
      (entries: Record<string, string>) => {
        for (const [name, entry] of Object.entries(entries)) {
          localStorage.setItem(`meridian:${name}`, entry);
        }
      },
      {
        token: stored(session.token),
        refreshToken: stored(session.refreshToken),
        tokenIssuedAt: stored(session.issuedAt),
      },
    );
    const submits: { key: string | undefined; body: string | null }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/currency/order/submit')) {
        submits.push({ key: request.headers()['idempotency-key'], body: request.postData() });
      }
    });
    await page.goto(`${ctx.platform.url}/trade/index?symbol=eth`);
    // A missing type is written into the address.
    await page.waitForURL('**/trade/index?symbol=eth&type=spot');
    const buy = page.getByRole('region', { name: 'Buy ETH' });
    await buy.getByTestId('figure-available').getByText('100000 USDT').waitFor({ timeout: 20_000 });
    // Far below the market, so the order rests in the book with its value held.
    await buy.getByLabel('Price (USDT)').fill('1000');
    await buy.getByLabel('Quantity (ETH)').fill('0.0123456');
    expect(await buy.getByLabel('Quantity (ETH)').inputValue()).toMatch(/^0\.012\d*$/);
    await buy.getByLabel('Quantity (ETH)').fill('0.02');
    await buy.getByTestId('figure-after').getByText('99980 USDT').waitFor();
    await buy.getByRole('button', { name: 'Buy ETH' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Confirm: Buy ETH').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Order placed.').waitFor();
    expect(submits).toHaveLength(1);
    expect(JSON.parse(submits[0]?.body ?? '{}')).toEqual({
      symbol: 'ethusdt',
      side: 'buy',
      type: 'limit',
      price: '1000',
      quantity: '0.02',
    });
    expect(submits[0]?.key).toMatch(/^[\w-]{16,128}$/);
    // The wallet query is refreshed: 20 USDT is now held by the order.
    await buy.getByTestId('figure-available').getByText('99980 USDT').waitFor();
    expect(await buy.getByLabel('Quantity (ETH)').inputValue()).toBe('');
    const wallet = await fetch(`${ctx.platform.url}/api/core/coin/wallet/get/eth/usdt`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    const balances = (await wallet.json()) as { data: { quote: { held: string } } };
    expect(balances.data.quote.held).toBe('20');
    expect(crashes).toEqual([]);
    await page.close();
  });

  it('has no serious or critical accessibility violations in either theme, wide or phone', async () => {
    for (const [theme, width, height] of [
      ['daytime', 1440, 900],
      ['night', 390, 844],
    ] as const) {
      const page = await ctx.browser.newPage({ viewport: { width, height } });
      await page.addInitScript((value) => {
        const entry = { dataType: 'string', content: value, type: 'localStorage', datetime: 0 };
        localStorage.setItem('meridian:theme', JSON.stringify(entry));
      }, theme);
      await page.goto(`${ctx.platform.url}/trade/index?type=spot&symbol=btc`);
      await page.getByTestId('book-row').first().waitFor({ timeout: 20_000 });
      await page.getByRole('region', { name: 'Buy BTC' }).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${theme} ${width}px`).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), `${theme} ${width}px`).toEqual([]);
      await page.close();
    }
  });
});
