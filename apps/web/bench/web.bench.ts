// `npm run bench -- web`: Lighthouse (mobile emulation, simulated throttling: its
// defaults) on the first visit of the home, quotes and trade pages of a fresh demo start,
// with Debian's Chromium. Prints each page's performance, accessibility and best-practices
// scores, its LCP, and the JavaScript it downloads (bytes on the wire and unpacked).
// Targets (issue "fast and trader-grade screens"): performance >= 90, accessibility and
// best practices >= 95, LCP < 2.5 s, at most 250 KB of compressed JavaScript.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = ['/home/index', '/quotes/index', '/trade/index?type=spot&symbol=btc'];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `npm start`'s own script (it builds the web app when stale) on a fresh data folder. */
async function startPlatform() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-web-bench-'));
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the platform exited before it was healthy');
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('the platform did not become healthy');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop() {
      child.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

const platform = await startPlatform();
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
    const lcp = audits['largest-contentful-paint']?.numericValue ?? NaN;
    const fcp = audits['first-contentful-paint']?.numericValue ?? NaN;
    console.log(
      `web ${page}: performance ${score('performance')}, accessibility ${score('accessibility')}, ` +
        `best practices ${score('best-practices')}; FCP ${(fcp / 1000).toFixed(1)} s, ` +
        `LCP ${(lcp / 1000).toFixed(1)} s; JavaScript ${scripts.length} files, ` +
        `${kb(wire)} on the wire (${kb(unpacked)} unpacked)`,
    );
  }
} finally {
  await chrome.kill();
  platform.stop();
}
