import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { usePlatformAndBrowser } from './platform.ts';
import { apiLogIn, signedInPage } from './session.ts';

const ctx = usePlatformAndBrowser();

async function call(path: string, init: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${ctx.platform.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: JSON.stringify(init.body ?? {}),
  });
  return (await res.json()) as { code: number; data: Record<string, unknown> };
}

describe('the spot order centre, as a trader would use it', () => {
  it('lists an order placed through the API and cancels it after a confirmation', async () => {
    const session = await apiLogIn(ctx.platform.url, 'demo2@meridian.local');
    const token = session.token;
    // Far below the market, so it rests on the book until cancelled.
    const placed = await call('/api/currency/order/submit', {
      token,
      body: { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '1000', quantity: '0.01' },
    });
    expect(placed.code).toBe(200);
    const id = String(placed.data.id);

    const page = await signedInPage(ctx.browser, session);
    await page.goto(`${ctx.platform.url}/account/entrust/spot`);
    const row = page.locator(`[data-testid="order-centre"] [data-order-id="${id}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('Waiting for fill');
    expect(await row.innerText()).toContain('1,000');

    await row.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await row.getByText('Cancelled').waitFor();

    const listed = await call('/api/order/list', { token, body: { status: 'open' } });
    const open = listed.data.list as Array<{ id: string }>;
    expect(open.map((o) => o.id)).not.toContain(id);
    await page.close();
  });

  it('keeps the order centre within a 390 px phone, one card per order', async () => {
    const session = await apiLogIn(ctx.platform.url, 'demo2@meridian.local');
    await call('/api/currency/order/submit', {
      token: session.token,
      body: { symbol: 'ethusdt', side: 'buy', type: 'limit', price: '100', quantity: '0.1' },
    });
    const page = await signedInPage(ctx.browser, session, { width: 390, height: 844 });
    await page.goto(`${ctx.platform.url}/account/entrust/spot`);
    await page.locator('[data-testid="order-centre"] li[data-order-id]').first().waitFor();
    const widths = await page.evaluate(() => ({
      content: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.content).toBeLessThanOrEqual(widths.viewport);
    await page.close();
  });

  it('has no serious or critical accessibility violations on the order centre and the rules, in either theme', async () => {
    const session = await apiLogIn(ctx.platform.url, 'demo2@meridian.local');
    for (const theme of ['daytime', 'night'] as const) {
      const page = await signedInPage(ctx.browser, session, { theme });
      await page.goto(`${ctx.platform.url}/account/entrust/spot`);
      await page.locator('[data-testid="order-centre"] [data-order-id]').first().waitFor();
      await page.getByRole('button', { name: 'Show fills' }).first().click();
      expect(await seriousViolations(page), `order centre, ${theme}`).toEqual([]);
      await page.goto(`${ctx.platform.url}/rule/index?tab=spot`);
      await page.getByRole('heading', { name: 'Self-trade prevention' }).waitFor();
      await page.getByTestId('security-fund').waitFor();
      expect(await seriousViolations(page), `rules, ${theme}`).toEqual([]);
      await page.close();
    }
  });
});
