import type { Browser, Page } from 'playwright-core';

/** Logs in through the login page with the email tab, as a person would. */
export async function logIn(page: Page, origin: string, email: string, password: string) {
  await page.goto(`${origin}/user/login`);
  await page.getByRole('radio', { name: 'Email' }).check({ force: true });
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL('**/home/index');
  await page.getByRole('button', { name: 'My account' }).waitFor();
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'My account' }).hover();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('button', { name: 'Log in' }).first().waitFor();
}

export interface DemoSession {
  token: string;
  refreshToken: string;
  issuedAt: string;
}

/** Logs in through the API (email and password) and returns the session's tokens. */
export async function apiLogIn(origin: string, email: string, password = 'Demo1234') {
  const res = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'email', username: email, password }),
  });
  const body = (await res.json()) as { code: number; data: DemoSession };
  if (body.code !== 200) throw new Error(`login of ${email} refused`);
  return body.data;
}

/**
 * A page that starts signed in with `session` (and in `theme`, if given): the entries go
 * into local storage in the app's stored-entry shape before any script of the app runs.
 */
export async function signedInPage(
  browser: Browser,
  session: DemoSession | null,
  options: { width?: number; height?: number; theme?: 'daytime' | 'night' } = {},
): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
  });
  const entries: Record<string, string> = {};
  if (session) {
    entries.token = session.token;
    entries.refreshToken = session.refreshToken;
    entries.tokenIssuedAt = session.issuedAt;
  }
  if (options.theme) entries.theme = options.theme;
  await page.addInitScript((values: Record<string, string>) => {
    for (const [name, content] of Object.entries(values)) {
      const entry = { dataType: 'string', content, type: 'localStorage', datetime: Date.now() };
      localStorage.setItem(`meridian:${name}`, JSON.stringify(entry));
    }
  }, entries);
  return page;
}
