#!/usr/bin/env node
// Screenshots of the spot trade page as a signed-in trader sees it, in light and dark
// theme, at 1366x768, 1920x1080 and 390x844 (device scale 1, the viewport only: what fits
// on one screen is what is judged). With the platform running in demo mode:
//   node scripts/trade-screenshots.mjs http://127.0.0.1:8080 docs/screenshots/trade-after
import path from 'node:path';
import { launchChromium, pageWithStorage, screenshotArgs, signIn } from './screenshot-session.mjs';

const { origin, out, email, password } = screenshotArgs('trade-screenshots.mjs');
const session = await signIn(origin, email, password);

const sizes = [
  [1366, 768],
  [1920, 1080],
  [390, 844],
];
const browser = await launchChromium();
try {
  for (const theme of ['daytime', 'night']) {
    for (const [width, height] of sizes) {
      const phone = width < 768;
      const page = await pageWithStorage(
        browser,
        { viewport: { width, height }, deviceScaleFactor: 1, isMobile: phone, hasTouch: phone },
        { theme, ...session },
      );
      await page.goto(`${origin}/trade/index?type=spot&symbol=btc`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(2500);
      const file = path.join(
        out,
        `trade-${theme === 'daytime' ? 'light' : 'dark'}-${width}x${height}.png`,
      );
      await page.screenshot({ path: file });
      console.log(file);
      if (phone) {
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
