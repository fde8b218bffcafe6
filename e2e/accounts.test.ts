import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePlatformAndBrowser } from './platform.ts';
import { logIn as logInAt, logOut } from './session.ts';

const ctx = usePlatformAndBrowser();
const logIn = (page: Page, email: string, password: string) =>
  logInAt(page, ctx.platform.url, email, password);

/**
 * The latest code the platform "sent" to `target`, read from its outbox table: the demo's
 * HTTP outbox shows only the seeded demo accounts' messages, never a new user's.
 */
function latestCode(target: string): string {
  const db = new Database(path.join(ctx.platform.dataDir, 'meridian.sqlite'), { readonly: true });
  try {
    const row = db
      .prepare('select body from outbox where target = ? order by created_at desc limit 1')
      .get(target.toLowerCase()) as { body: string } | undefined;
    const code = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
    if (!code) throw new Error(`no code for ${target}`);
    return code;
  } finally {
    db.close();
  }
}

describe('an account, as a new user would use it', () => {
  it('registers by email, logs in, changes the password, logs in with the new one and logs out', async () => {
    const page = await ctx.browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`${m.text()} ${m.location().url}`);
    });
    const email = `e2e-${Date.now()}@example.org`;

    await page.goto(`${ctx.platform.url}/user/register?invite_code=DEMO0001`);
    expect(await page.locator('header').count()).toBe(0);
    expect(await page.getByLabel('Invite code (optional)').inputValue()).toBe('DEMO0001');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('The code has been sent to your email').waitFor();
    await page.getByLabel('Verification code').fill(latestCode(email));
    await page.getByLabel('Password', { exact: true }).fill('Secret123');
    await page.getByLabel('Confirm password').fill('Secret123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/home/index');
    await page.getByRole('button', { name: 'My account' }).waitFor();

    await logOut(page);
    await logIn(page, email, 'Secret123');

    await page.goto(`${ctx.platform.url}/account/setting/login-pwd`);
    await page.getByLabel('Current password').fill('Secret123');
    await page.getByLabel('New password').fill('Newpass456');
    await page.getByLabel('Confirm password').fill('Newpass456');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Withdrawals are paused until').waitFor();

    await logOut(page);
    await logIn(page, email, 'Newpass456');
    await logOut(page);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends a visitor from an account page to the login page and back after logging in', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.platform.url}/account/center?tab=security`);
    await page.waitForURL('**/user/login?redirect=*');
    await page.getByRole('radio', { name: 'Email' }).check({ force: true });
    await page.getByRole('textbox', { name: 'Email' }).fill('demo2@meridian.local');
    await page.getByLabel('Password', { exact: true }).fill('Demo1234');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/account/center?tab=security');
    await page.getByText('Anti-phishing code').first().waitFor();
    // A reload keeps the session: the stored token is restored.
    await page.reload();
    await page.getByText('Anti-phishing code').first().waitFor();
    expect(page.url()).toContain('/account/center?tab=security');
    await page.close();
  });
});
