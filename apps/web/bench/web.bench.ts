// `npm run bench -- web`: Lighthouse (mobile emulation, simulated throttling: its
// defaults) on the first visit of the home, quotes and trade pages of a fresh demo start,
// with Debian's Chromium. Prints each page's performance, accessibility and best-practices
// scores, its LCP, and the JavaScript it downloads: gzip bytes (each bundle file's `.gz`
// copy, gzip -9, as the build writes it; what the target counts), bytes on the wire (the
// server sends Brotli to Chromium) and unpacked.
// Targets (issue "fast and trader-grade screens"): performance >= 90, accessibility and
// best practices >= 95, LCP < 2.5 s, at most 250 KB of gzipped JavaScript.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startPlatform } from '../../../e2e/start-platform.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = ['/home/index', '/quotes/index', '/trade/index?type=spot&symbol=btc'];

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

interface NetworkItem {
  url?: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

const platform = await startPlatform({ LOG_LEVEL: 'warn' });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  // One untimed visit first, so the bench measures the pages, not a cold server.
  await fetch(`${platform.url}${PAGES[0]}`);
  for (const page of PAGES) {
    const result = await lighthouse(`${platform.url}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const items = ((audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)
      ?.items ?? []) as NetworkItem[];
    const scripts = items.filter((i) => i.resourceType === 'Script');
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const wire = scripts.reduce((s, i) => s + (i.transferSize ?? 0), 0);
    const unpacked = scripts.reduce((s, i) => s + (i.resourceSize ?? 0), 0);
    // A bundle file's gzip copy; a script made at request time (the config) as sent.
    const gzipOf = (item: NetworkItem) => {
      const file = path.join(DIST, new URL(item.url ?? '', platform.url).pathname);
      return fs.existsSync(`${file}.gz`)
        ? fs.statSync(`${file}.gz`).size
        : (item.transferSize ?? 0);
    };
    const gzip = scripts.reduce((s, i) => s + gzipOf(i), 0);
    const lcp = audits['largest-contentful-paint']?.numericValue ?? NaN;
    const fcp = audits['first-contentful-paint']?.numericValue ?? NaN;
    const tbt = audits['total-blocking-time']?.numericValue ?? NaN;
    const si = audits['speed-index']?.numericValue ?? NaN;
    const cls = audits['cumulative-layout-shift']?.numericValue ?? NaN;
    // Which element was the largest paint: what to make appear sooner.
    const lcpItems = (
      audits['largest-contentful-paint-element']?.details as
        { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined
    )?.items;
    const lcpElement = lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '?';
    console.log(
      `web ${page}: performance ${score('performance')}, accessibility ${score('accessibility')}, ` +
        `best practices ${score('best-practices')}; FCP ${(fcp / 1000).toFixed(1)} s, ` +
        `LCP ${(lcp / 1000).toFixed(1)} s, TBT ${Math.round(tbt)} ms, ` +
        `speed index ${(si / 1000).toFixed(1)} s, CLS ${cls.toFixed(3)}; ` +
        `JavaScript ${scripts.length} files, ` +
        `${kb(gzip)} gzip, ${kb(wire)} on the wire, ${kb(unpacked)} unpacked; ` +
        `LCP element ${lcpElement.slice(0, 120)}`,
    );
  }
} finally {
  await chrome.kill();
  await platform.stop();
  fs.rmSync(platform.dataDir, { recursive: true, force: true });
}
