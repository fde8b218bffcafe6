// `npm run bench -- web`: Lighthouse (mobile emulation, simulated throttling: its
// defaults) on the first visit of the home, quotes and trade pages of a fresh demo start,
// with Debian's Chromium. Prints each page's performance, accessibility and best-practices
// scores, its LCP, and the JavaScript it downloads: gzip bytes (each bundle file's `.gz`
// copy, gzip -9, as the build writes it; what the target counts), bytes on the wire (the
// server sends Brotli to Chromium) and unpacked.
// Targets (issue "fast and trader-grade screens"): performance >= 90, accessibility and
// best practices >= 95, LCP < 2.5 s, at most 250 KB of gzipped JavaScript.
//
// Scores move by several points from run to run on a shared machine, so each page is
// measured WEB_BENCH_RUNS times (default 3) and the run with the median performance score
// is printed, with the range of the others. WEB_BENCH_REPORTS=<dir> keeps every report's
// JSON there; WEB_BENCH_PAGES=trade only the pages named; WEB_BENCH_FILES=1 lists each page's scripts with their gzip size.
// WEB_BENCH_ORIGIN=http://127.0.0.1:8080 measures a platform already running there
// instead (its bundle's gzip copies read from WEB_DIST, as the server's own setting).
// WEB_BENCH_DEMO=0 starts the platform without the demo (DEMO_MODE=false): no banner, so
// the largest paint is the page's own. WEB_BENCH_TLS=1 measures through deploy/nginx.conf
// (Debian's nginx) listening with TLS and HTTP/2 on loopback, as a public deployment
// serves, on a throwaway certificate Chromium is told to accept; a platform of
// WEB_BENCH_ORIGIN then needs TRUST_PROXY=true for its sockets' address (wss://).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { freePort, startPlatform } from '../../../e2e/start-platform.ts';
import { loopbackTlsAnswer, startLoopbackNginx } from '../../server/test/loopback-nginx.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ALL_PAGES = ['/home/index', '/quotes/index', '/trade/index?type=spot&symbol=btc'];
// WEB_BENCH_PAGES=trade measures only the pages whose address contains one of its
// comma-separated words (while working on one page).
const only = process.env.WEB_BENCH_PAGES?.split(',').filter(Boolean);
const PAGES = only ? ALL_PAGES.filter((p) => only.some((word) => p.includes(word))) : ALL_PAGES;
const RUNS = Math.max(1, Number(process.env.WEB_BENCH_RUNS ?? 3));
const REPORTS = process.env.WEB_BENCH_REPORTS;
const LIST_FILES = process.env.WEB_BENCH_FILES === '1';

const DIST =
  process.env.WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const ORIGIN = process.env.WEB_BENCH_ORIGIN;
const DEMO = process.env.WEB_BENCH_DEMO !== '0';
const TLS = process.env.WEB_BENCH_TLS === '1';

interface NetworkItem {
  url?: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

interface LcpNode {
  snippet?: string;
  nodeLabel?: string;
  selector?: string;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A bundle file's gzip copy; a script made at request time (the config) as sent. */
function gzipOf(item: NetworkItem, origin: string): number {
  const file = path.join(DIST, new URL(item.url ?? '', origin).pathname);
  return fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : (item.transferSize ?? 0);
}

function describe(
  lhr: Result,
  origin: string,
): { performance: number; line: string; files: string[] } {
  const { categories, audits } = lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const items = ((audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)
    ?.items ?? []) as NetworkItem[];
  const scripts = items.filter((i) => i.resourceType === 'Script');
  const wire = scripts.reduce((s, i) => s + (i.transferSize ?? 0), 0);
  const unpacked = scripts.reduce((s, i) => s + (i.resourceSize ?? 0), 0);
  const gzip = scripts.reduce((s, i) => s + gzipOf(i, origin), 0);
  const metric = (id: string) => audits[id]?.numericValue ?? NaN;
  // Which element was the largest paint, and where its time went: what to make sooner.
  const lcpTables = (
    audits['largest-contentful-paint-element']?.details as
      | { items?: Array<{ items?: Array<{ node?: LcpNode; phase?: string; timing?: number }> }> }
      | undefined
  )?.items;
  const node = lcpTables?.[0]?.items?.[0]?.node;
  const phases = (lcpTables?.[1]?.items ?? [])
    .filter((row) => row.phase && typeof row.timing === 'number')
    .map((row) => `${row.phase} ${Math.round(row.timing ?? 0)} ms`)
    .join(', ');
  // An element no longer in the page has no node in the report: on a demo, the first
  // paint's banner, which React's first render replaced in place (app/pre-paint).
  const element = node
    ? `${(node.nodeLabel ?? node.snippet ?? '?').slice(0, 60)} (${node.selector ?? node.snippet ?? '?'})`
    : 'one since replaced (the first paint)';
  const line =
    `performance ${score('performance')}, accessibility ${score('accessibility')}, ` +
    `best practices ${score('best-practices')}; FCP ${seconds(metric('first-contentful-paint'))}, ` +
    `LCP ${seconds(metric('largest-contentful-paint'))}, ` +
    `TBT ${Math.round(metric('total-blocking-time'))} ms, ` +
    `speed index ${seconds(metric('speed-index'))}, ` +
    `CLS ${metric('cumulative-layout-shift').toFixed(3)}; ` +
    `JavaScript ${scripts.length} files, ${kb(gzip)} gzip, ${kb(wire)} on the wire, ` +
    `${kb(unpacked)} unpacked; LCP element ${element}` +
    (phases ? `; LCP phases: ${phases}` : '') +
    // Lighthouse scales the main thread's tasks by a fixed 4x, not by this machine's speed,
    // so TBT moves with the machine; its own CPU benchmark is one hint of how fast it is.
    `; CPU benchmark index ${Math.round(lhr.environment.benchmarkIndex)}`;
  const files = scripts
    .map((i) => ({ gzip: gzipOf(i, origin), url: new URL(i.url ?? '', origin).pathname }))
    .sort((a, b) => b.gzip - a.gzip)
    .map((f) => `    ${kb(f.gzip).padStart(9)}  ${f.url}`);
  return { performance: score('performance'), line, files };
}

/** deploy/nginx.conf with TLS and HTTP/2 on loopback in front of `upstream`, once it answers. */
async function tlsProxy(upstream: string) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-web-bench-tls-'));
  const port = await freePort();
  const nginx = startLoopbackNginx({
    work,
    upstream: [Number(new URL(upstream).port || 80)],
    port,
    tls: true,
  });
  const origin = `https://127.0.0.1:${port}`;
  await loopbackTlsAnswer(`${origin}/api/health`);
  return {
    origin,
    stop() {
      nginx.kill('SIGTERM');
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

const platform = ORIGIN
  ? { url: ORIGIN, stop: async () => undefined, dataDir: undefined }
  : await startPlatform({
      LOG_LEVEL: 'warn',
      ...(DEMO ? {} : { DEMO_MODE: 'false' }),
      ...(TLS ? { TRUST_PROXY: 'true' } : {}),
    });
const proxy = TLS ? await tlsProxy(platform.url) : null;
const origin = proxy?.origin ?? platform.url;
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    ...(TLS ? ['--ignore-certificate-errors'] : []),
  ],
});
try {
  // One untimed Lighthouse visit first, so the bench measures the pages, not a cold
  // server or browser (the first run of a fresh start scored 10 to 15 points lower).
  await lighthouse(`${origin}${PAGES[0]}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (REPORTS) fs.mkdirSync(REPORTS, { recursive: true });
  for (const page of PAGES) {
    const runs: ReturnType<typeof describe>[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${origin}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      if (REPORTS) {
        const name = `${page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${run + 1}.json`;
        fs.writeFileSync(path.join(REPORTS, name), JSON.stringify(result.lhr));
      }
      runs.push(describe(result.lhr, origin));
    }
    const sorted = [...runs].sort((a, b) => a.performance - b.performance);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    const range =
      RUNS > 1
        ? ` [performance over ${RUNS} runs: ${sorted.map((r) => r.performance).join(', ')}]`
        : '';
    console.log(`web ${page}: ${median.line}${range}`);
    if (LIST_FILES) console.log(median.files.join('\n'));
  }
} finally {
  await chrome.kill();
  proxy?.stop();
  await platform.stop();
  if (platform.dataDir) fs.rmSync(platform.dataDir, { recursive: true, force: true });
}
