import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { activateDemoOperator } from './ops-session.ts';
import { usePlatformAndBrowser } from './platform.ts';
import { apiLogIn, signedInPage } from './session.ts';

const ctx = usePlatformAndBrowser();
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's serious findings inside one element: the floating dialog sits over whatever page
 * is open, and its shadow would be counted against that page's own text behind it.
 */
async function violationsIn(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async (within) => {
    const axe = (
      window as unknown as {
        axe: { run(context: unknown): Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const { violations } = await axe.run({ include: [[within]] });
    return (violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
}

function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  return problems;
}

describe('customer-service chat, from the floating dialog to the desk and back', () => {
  it('a user asks, a support operator answers at /ops, the user sees it without reloading and the badge counts while the dialog is closed', async () => {
    const origin = ctx.platform.url;
    const session = await apiLogIn(origin, 'demo1@meridian.local');
    const user = await signedInPage(ctx.browser, session);
    const userProblems = watchProblems(user);
    await user.goto(`${origin}/home/index`);

    await user.getByTestId('chat-launcher').click();
    const dialog = user.getByTestId('chat-dialog');
    await dialog.getByText('No messages yet').waitFor();
    // The dialog keeps at least 64 px from the top and is 532 px wide on a desktop.
    const box = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(64);
    expect(Math.round(box.width)).toBe(532);

    const input = user.getByTestId('chat-input');
    expect(await user.getByTestId('chat-send').isDisabled()).toBe(true);
    await input.press('Enter');
    await dialog.getByText('content cannot be empty').waitFor();
    await input.fill('Where is my deposit?');
    // Ctrl+Enter starts a new line; Enter sends.
    await input.press('Control+Enter');
    await input.pressSequentially('It was BTC.');
    expect(await input.inputValue()).toBe('Where is my deposit?\nIt was BTC.');
    await input.press('Enter');
    await dialog.getByTestId('chat-mine').getByText('It was BTC.', { exact: false }).waitFor();
    // The box empties once the server has answered the send (the push may come first).
    await expect.poll(() => input.inputValue()).toBe('');
    expect(await violationsIn(user, '[data-testid="chat-dialog"]')).toEqual([]);

    const ops = await ctx.browser.newPage();
    const opsProblems = watchProblems(ops);
    await activateDemoOperator(ops, origin, 'support', 'Support-pass-2026');
    await ops.getByRole('link', { name: 'Customer-service chat' }).click();
    const first = ops.getByTestId('chat-queue').getByRole('button').first();
    await first.getByText('Where is my deposit? It was BTC.').waitFor();
    await first.click();
    await ops.getByTestId('chat-claim').click();
    await ops.getByTestId('desk-input').waitFor();
    await ops.getByTestId('chat-context').getByText('Verification').waitFor();
    await ops.getByTestId('desk-input').fill('It arrived: 2 confirmations were needed.');
    await ops.getByTestId('desk-input').press('Enter');
    await ops
      .getByTestId('desk-transcript')
      .getByText('It arrived: 2 confirmations were needed.')
      .waitFor();
    // Off the buttons: antd's hover colour is not what the page shows at rest.
    await ops.mouse.move(0, 0);
    expect(await seriousViolations(ops)).toEqual([]);

    // The user's open dialog shows the answer and the platform's note, with no reload.
    await dialog.getByText('It arrived: 2 confirmations were needed.').waitFor();
    await dialog.getByText('A customer-service agent has joined the conversation').waitFor();
    expect(await violationsIn(user, '[data-testid="chat-dialog"]')).toEqual([]);

    // Closed, the dialog's button counts what support writes; opening clears it.
    await dialog.getByRole('button', { name: 'Close the chat' }).click();
    await ops.getByTestId('desk-input').fill('Anything else?');
    await ops.getByTestId('desk-send').click();
    await user.getByRole('button', { name: 'Customer service chat, 1 unread' }).waitFor();
    await user.getByTestId('chat-launcher').click();
    await dialog.getByText('Anything else?').waitFor();
    await user.getByRole('button', { name: 'Customer service chat', exact: true }).waitFor();

    expect(userProblems).toEqual([]);
    expect(opsProblems).toEqual([]);
    await ops.close();
    await user.close();
  });

  it("on a phone at night the dialog takes the whole screen, with no serious axe finding, and the button sits beside the trade page's Buy / Sell bar", async () => {
    const origin = ctx.platform.url;
    const session = await apiLogIn(origin, 'demo2@meridian.local');
    const user = await signedInPage(ctx.browser, session, {
      width: 390,
      height: 844,
      theme: 'night',
    });
    const problems = watchProblems(user);
    await user.goto(`${origin}/home/index`);
    await user.getByTestId('chat-launcher').click();
    const dialog = user.getByTestId('chat-dialog');
    await dialog.getByText('No messages yet').waitFor();
    expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    await user.getByTestId('chat-input').fill('Hello from a phone');
    await user.getByTestId('chat-send').click();
    // The bubble, not the box: the push may show it before the send's answer empties the box.
    await dialog.getByTestId('chat-mine').getByText('Hello from a phone').waitFor();
    await expect.poll(() => user.getByTestId('chat-input').inputValue()).toBe('');
    expect(await violationsIn(user, '[data-testid="chat-dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Close the chat' }).click();
    await user.getByTestId('chat-launcher').waitFor();

    // On the trade page the button sits in the Buy / Sell bar, beside its buttons: it
    // covers neither them nor the order book above the bar.
    await user.goto(`${origin}/trade/index?type=spot&symbol=btc`);
    const bar = user.locator('[data-bottom-bar]');
    await bar.getByRole('button', { name: 'Sell BTC' }).waitFor();
    const launcher = (await user.getByTestId('chat-launcher').boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(launcher.y).toBeGreaterThanOrEqual(barBox.y);
    expect(launcher.y + launcher.height).toBeLessThanOrEqual(barBox.y + barBox.height);
    for (const name of ['Buy BTC', 'Sell BTC']) {
      const button = (await bar.getByRole('button', { name }).boundingBox())!;
      expect(button.x + button.width).toBeLessThanOrEqual(launcher.x);
    }
    expect(problems).toEqual([]);
    await user.close();
  });
});
