#!/usr/bin/env node
// Screenshots of the main pages in light and dark theme, desktop and 390 px wide, so a
// change of layout can be compared by eye. With the platform running:
//   node scripts/web-screenshots.mjs http://127.0.0.1:8080 /tmp/shots [email] [password]
// The signed-in pages use the demo user (demo1@meridian.local / Demo1234 by default).
import path from 'node:path';
import { launchChromium, pageWithStorage, screenshotArgs, signIn } from './screenshot-session.mjs';

const { origin, out, email, password } = screenshotArgs('web-screenshots.mjs');
const session = await signIn(origin, email, password);

const pages = [
  ['home', '/home/index', false],
  ['trade', '/trade/index?type=spot', false],
  ['login', '/user/login', false],
  ['account', '/account/center', true],
];
const browser = await launchChromium();
try {
  for (const theme of ['daytime', 'night']) {
    for (const width of [1440, 390]) {
      for (const [name, url, signedIn] of pages) {
        const entries = signedIn ? { theme, ...session } : { theme };
        const page = await pageWithStorage(browser, { viewport: { width, height: 900 } }, entries);
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
