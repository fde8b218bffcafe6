#!/usr/bin/env node
// Sums what a first visit downloads in JavaScript: opens each URL in a fresh headless
// Chromium context, records every JavaScript response until the network is idle and adds
// up their gzip -9 sizes and the bytes actually transferred (the body as sent, compressed
// when the server compressed it; a file taken from the browser's cache counts 0). Start the platform first (npm run build && npm start), then:
//   node scripts/first-visit-js.mjs http://127.0.0.1:8080/home/index http://127.0.0.1:8080/trade/index?type=spot
// Add --list to print every file with its size, --phone to visit as Lighthouse's mobile
// emulation does (412 x 823, touch), which is what `npm run bench -- web` counts.
import zlib from 'node:zlib';
import { launchChromium, LIGHTHOUSE_PHONE } from './screenshot-session.mjs';

const args = process.argv.slice(2);
const list = args.includes('--list');
const phone = args.includes('--phone');
const urls = args.filter((a) => !a.startsWith('--'));
if (urls.length === 0) {
  console.error('usage: node scripts/first-visit-js.mjs <url>... [--list] [--phone]');
  process.exit(2);
}

const browser = await launchChromium();
try {
  for (const url of urls) {
    const context = await browser.newContext(phone ? LIGHTHOUSE_PHONE : {});
    const page = await context.newPage();
    const pending = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      const isJs = /javascript/.test(type) || /\.m?js(\?|$)/.test(response.url());
      if (!isJs) return;
      pending.push(
        Promise.all([response.body(), response.request().sizes()])
          .then(([body, sizes]) => ({
            url: response.url(),
            raw: body.length,
            gzip: zlib.gzipSync(body, { level: 9 }).length,
            sent: sizes.responseBodySize,
            encoding: response.headers()['content-encoding'] ?? 'none',
          }))
          .catch(() => null),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const files = (await Promise.all(pending)).filter(Boolean);
    await context.close();
    const kb = (n) => (n / 1024).toFixed(1);
    const gzip = files.reduce((s, f) => s + f.gzip, 0);
    const raw = files.reduce((s, f) => s + f.raw, 0);
    const sent = files.reduce((s, f) => s + f.sent, 0);
    console.log(
      `${url}: ${files.length} JS files, ${kb(gzip)} KB gzip (${kb(raw)} KB raw), ` +
        `${kb(sent)} KB transferred`,
    );
    if (list) {
      for (const f of files.sort((a, b) => b.gzip - a.gzip)) {
        console.log(
          `  ${kb(f.gzip).padStart(7)} KB gzip ${kb(f.sent).padStart(7)} KB sent (${f.encoding})` +
            `  ${new URL(f.url).pathname}`,
        );
      }
    }
  }
} finally {
  await browser.close();
}
