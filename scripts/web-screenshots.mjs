#!/usr/bin/env node
// Screenshots of the main pages in light and dark theme, desktop and 390 px wide, so a
// change of layout can be compared by eye. With the platform running:
//   node scripts/web-screenshots.mjs http://127.0.0.1:8080 /tmp/shots [email] [password]
// The signed-in pages use the demo user (demo1@meridian.local / Demo1234 by default).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const [origin, out, email = 'demo1@meridian.local', password = 'Demo1234'] = process.argv.slice(2);
if (!origin || !out) {
  console.error('usage: node scripts/web-screenshots.mjs <origin> <out-dir> [email] [password]');
  process.exit(2);
}
fs.mkdirSync(out, { recursive: true });

const res = await fetch(`${origin}/api/user/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ type: 'email', username: email, password }),
});
const login = await res.json();
if (login.code !== 200) throw new Error(`login of ${email} refused: ${login.msg}`);

const pages = [
  ['home', '/home/index', false],
  ['trade', '/trade/index?type=spot', false],
  ['login', '/user/login', false],
  ['account', '/account/center', true],
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const theme of ['daytime', 'night']) {
    for (const width of [1440, 390]) {
      for (const [name, url, signedIn] of pages) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        const entries = { theme };
        if (signedIn) {
          entries.token = login.data.token;
          entries.refreshToken = login.data.refreshToken;
          entries.tokenIssuedAt = login.data.issuedAt;
        }
        await page.addInitScript((values) => {
          for (const [key, content] of Object.entries(values)) {
            const entry = {
              dataType: 'string',
              content,
              type: 'localStorage',
              datetime: Date.now(),
            };
            localStorage.setItem(`meridian:${key}`, JSON.stringify(entry));
          }
        }, entries);
        await page.goto(origin + url, { waitUntil: 'networkidle' });
        await page.waitForTimeout(1500);
        const file = path.join(out, `${name}-${theme}-${width}.png`);
        await page.screenshot({ path: file });
        await page.close();
        console.log(file);
      }
    }
  }
} finally {
  await browser.close();
}
