#!/usr/bin/env node
// Screenshots of the spot trade page as a signed-in trader sees it, in light and dark
// theme, at 1366x768, 1920x1080 and 390x844 (device scale 1, the viewport only: what fits
// on one screen is what is judged). With the platform running in demo mode:
//   node scripts/trade-screenshots.mjs http://127.0.0.1:8080 docs/screenshots/trade-after
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const [origin, out, email = 'demo1@meridian.local', password = 'Demo1234'] = process.argv.slice(2);
if (!origin || !out) {
  console.error('usage: node scripts/trade-screenshots.mjs <origin> <out-dir> [email] [password]');
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

const sizes = [
  [1366, 768],
  [1920, 1080],
  [390, 844],
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const theme of ['daytime', 'night']) {
    for (const [width, height] of sizes) {
      const page = await browser.newPage({
        viewport: { width, height },
        deviceScaleFactor: 1,
        isMobile: width < 768,
        hasTouch: width < 768,
      });
      const entries = {
        theme,
        token: login.data.token,
        refreshToken: login.data.refreshToken,
        tokenIssuedAt: login.data.issuedAt,
      };
      await page.addInitScript((values) => {
        for (const [key, content] of Object.entries(values)) {
          const entry = { dataType: 'string', content, type: 'localStorage', datetime: Date.now() };
          localStorage.setItem(`meridian:${key}`, JSON.stringify(entry));
        }
      }, entries);
      await page.goto(`${origin}/trade/index?type=spot&symbol=btc`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(2500);
      const file = path.join(
        out,
        `trade-${theme === 'daytime' ? 'light' : 'dark'}-${width}x${height}.png`,
      );
      await page.screenshot({ path: file });
      console.log(file);
      if (width < 768) {
        // The phone's order form: the fixed Buy bar opens it from the bottom.
        await page.getByRole('group', { name: 'Place order' }).getByRole('button').first().click();
        await page.waitForTimeout(800);
        const form = file.replace('.png', '-form.png');
        await page.screenshot({ path: form });
        console.log(form);
      }
      await page.close();
    }
  }
} finally {
  await browser.close();
}
