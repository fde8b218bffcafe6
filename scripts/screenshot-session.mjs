// What the screenshot scripts share: their arguments, the demo user's sign-in, Chromium,
// and a page whose stored settings (theme, and the session when signed in) are in place
// before the app starts.
import fs from 'node:fs';
import { chromium } from 'playwright-core';

/** `<origin> <out-dir> [email] [password]`, the output folder made; exits on a bad call. */
export function screenshotArgs(script) {
  const [origin, out, email = 'demo1@meridian.local', password = 'Demo1234'] =
    process.argv.slice(2);
  if (!origin || !out) {
    console.error(`usage: node scripts/${script} <origin> <out-dir> [email] [password]`);
    process.exit(2);
  }
  fs.mkdirSync(out, { recursive: true });
  return { origin, out, email, password };
}

/** The stored entries of a signed-in session. */
export async function signIn(origin, email, password) {
  const res = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'email', username: email, password }),
  });
  const login = await res.json();
  if (login.code !== 200) throw new Error(`login of ${email} refused: ${login.msg}`);
  return {
    token: login.data.token,
    refreshToken: login.data.refreshToken,
    tokenIssuedAt: login.data.issuedAt,
  };
}

/** The screen Lighthouse's mobile emulation measures on (the web bench's figures). */
export const LIGHTHOUSE_PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/** A new page with `entries` in local storage, in the seed's stored-entry shape. */
export async function pageWithStorage(browser, options, entries) {
  const page = await browser.newPage(options);
  await page.addInitScript((values) => {
    for (const [key, content] of Object.entries(values)) {
      const entry = { dataType: 'string', content, type: 'localStorage', datetime: Date.now() };
      localStorage.setItem(`meridian:${key}`, JSON.stringify(entry));
    }
  }, entries);
  return page;
}
