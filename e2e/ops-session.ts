import type { Page } from 'playwright-core';
import { generate } from 'otplib';

/**
 * A demo operator's first sign-in at /ops: the one-time password, then a password of
 * their own and the first authenticator code. Returns once activation is sent; the caller
 * waits for what its role's console shows first.
 */
export async function activateDemoOperator(
  page: Page,
  origin: string,
  role: 'admin' | 'compliance' | 'finance' | 'support',
  password: string,
) {
  await page.goto(`${origin}/ops`);
  await page.getByLabel('Email').fill(`${role}@ops.meridian.local`);
  await page.getByLabel('Password').fill('DemoOperator-2026');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/ops/auth/login'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  const setup = (await (await answer).json()) as { data: { totpSecret: string } };
  await page.getByText('Scan this code with your authenticator app').waitFor();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(password);
  await page
    .getByLabel('Code from the authenticator')
    .fill(await generate({ secret: setup.data.totpSecret }));
  await page.getByRole('button', { name: 'Activate and sign in' }).click();
}
