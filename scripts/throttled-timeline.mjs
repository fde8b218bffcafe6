#!/usr/bin/env node
// When a first visit shows what, in Chromium throttled as Lighthouse's mobile preset
// describes (150 ms round trips, 1.6 Mbps down, CPU slowed 4 times, 412 x 823 touch
// screen), measured by the browser itself rather than simulated: the first paint, when
// the demo banner, the header, the page's first element, its first number, the order book
// and the chart's canvas appear, and the largest contentful paint. Start the platform
// first (npm run build && npm start), then:
//   node scripts/throttled-timeline.mjs http://127.0.0.1:8080/home/index [runs]
/* global window, document, MutationObserver */
import { launchChromium, LIGHTHOUSE_PHONE } from './screenshot-session.mjs';

const [url, runsArg = '3'] = process.argv.slice(2);
if (!url) {
  console.error('usage: node scripts/throttled-timeline.mjs <url> [runs]');
  process.exit(2);
}

const browser = await launchChromium();
try {
  for (let run = 0; run < Number(runsArg); run++) {
    const context = await browser.newContext(LIGHTHOUSE_PHONE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await page.addInitScript(() => {
      const marks = [];
      window.__timeline = marks;
      const probes = {
        banner: '[role=note]',
        header: 'header',
        page: 'main > *:not(.page-pending)',
        number: 'main .num',
        book: '[data-testid=book-row]',
        chart: 'main canvas',
      };
      const seen = new Set();
      new MutationObserver(() => {
        for (const [name, selector] of Object.entries(probes)) {
          if (seen.has(name) || !document.querySelector(selector)) continue;
          seen.add(name);
          marks.push([name, Math.round(performance.now())]);
        }
      }).observe(document, { subtree: true, childList: true });
      const note = (entries, label) =>
        entries.forEach((e) => marks.push([label(e), Math.round(e.startTime)]));
      new PerformanceObserver((list) => note(list.getEntries(), (e) => e.name)).observe({
        type: 'paint',
        buffered: true,
      });
      new PerformanceObserver((list) =>
        note(list.getEntries(), (e) => `lcp(${e.element?.tagName?.toLowerCase() ?? '?'})`),
      ).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(5000);
    const marks = await page.evaluate(() => window.__timeline);
    console.log(
      marks
        .sort((a, b) => a[1] - b[1])
        .map(([name, ms]) => `${name} ${ms} ms`)
        .join(', '),
    );
    await context.close();
  }
} finally {
  await browser.close();
}
