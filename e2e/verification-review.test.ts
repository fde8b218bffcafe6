import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { activateDemoOperator } from './ops-session.ts';
import { usePlatformAndBrowser } from './platform.ts';
import { logIn } from './session.ts';

const ctx = usePlatformAndBrowser();

/** A plain photo-sized PNG: the server wants at least 300 px a side. */
function photo(shade: number): Promise<Buffer> {
  return sharp({
    create: { width: 640, height: 420, channels: 3, background: { r: shade, g: 120, b: 90 } },
  })
    .png()
    .toBuffer();
}

function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  return problems;
}

describe('identity verification, from the user to the compliance desk and back', () => {
  it('a user submits advanced verification, compliance approves it at /ops, the user is certified', async () => {
    const origin = ctx.platform.url;
    const user = await ctx.browser.newPage();
    const userProblems = watchProblems(user);
    await logIn(user, origin, 'demo2@meridian.local', 'Demo1234');

    // Primary: a passport, so no national check digit is involved.
    await user.goto(`${origin}/user/index?key=primary`);
    await user.locator('label.ant-radio-button-wrapper', { hasText: 'Passport' }).click();
    await user.getByLabel('Full name').fill('Alex Morgan');
    await user.getByLabel('ID number').fill('E12345678');
    await user.getByRole('button', { name: 'Submit', exact: true }).click();
    await user.getByText('Basic certification successful').first().waitFor();

    // Advanced: three photos, then the submission waits for review.
    await user.goto(`${origin}/user/index?key=advanced`);
    const inputs = user.locator('input[type="file"]');
    await inputs.first().waitFor({ state: 'attached' });
    expect(await inputs.count()).toBe(3);
    for (let i = 0; i < 3; i++) {
      await inputs.nth(i).setInputFiles({
        name: `photo-${i}.png`,
        mimeType: 'image/png',
        buffer: await photo(40 * (i + 1)),
      });
    }
    await user.getByText('Uploaded').nth(2).waitFor();
    await user.getByRole('button', { name: 'Submit for review' }).click();
    await user.getByText('Submitted successfully; awaiting review').first().waitFor();

    // The compliance operator's first sign-in: one-time password, then own password and TOTP.
    const ops = await ctx.browser.newPage();
    const opsProblems = watchProblems(ops);
    await activateDemoOperator(ops, origin, 'compliance', 'Compliance-pass-2026');
    await ops.getByText('Identity reviews waiting').waitFor();

    await ops.getByRole('link', { name: 'Identity verification' }).click();
    await ops.getByRole('button', { name: 'Open' }).first().click();
    await ops.getByText('Alex Morgan').first().waitFor();
    await ops.getByRole('button', { name: 'Claim' }).click();
    await ops.getByText('You hold this item for 30 minutes').first().waitFor();
    // The documents are shown through the operator's authorised route.
    await expect
      .poll(() => ops.locator('.ant-drawer img[src^="blob:"]').count(), { timeout: 10_000 })
      .toBe(3);
    await ops.getByRole('button', { name: 'Approve', exact: true }).click();
    // The user's page is opened once the approval has been answered, not before.
    const approved = ops.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/approve$/.test(new URL(r.url()).pathname),
    );
    await ops
      .locator('.ant-modal')
      .getByRole('button', { name: /Approve|Confirm|OK/ })
      .click();
    expect((await approved).ok()).toBe(true);
    await ops.getByText('Approved').first().waitFor();

    // The user sees the certified state.
    await user.goto(`${origin}/user/index?key=certified`);
    await user.getByText('Advanced certification successful').first().waitFor();

    expect(userProblems).toEqual([]);
    expect(opsProblems).toEqual([]);
    await user.close();
    await ops.close();
  });
});
