// Decides whether the built web app matches its sources, and builds it when it does not.
// `npm start` and the browser tests call this, so a fresh clone needs no separate build.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const distDir = path.join(webDir, 'dist');
const stampFile = path.join(distDir, '.source-hash');

const INPUTS = [
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/package.json',
  'apps/web/public',
  'apps/web/src',
  'packages/contract/src',
  'packages/core/src',
  'package-lock.json',
  'scripts/precompress.mjs',
];

function listFiles(relative) {
  const full = path.join(root, relative);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return [relative];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .flatMap((entry) => listFiles(path.join(relative, entry.name)));
}

export function sourceHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(listFiles).sort()) {
    // Tests never ship in the bundle; editing one must not force a rebuild.
    if (/\.test\.tsx?$/.test(file)) continue;
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

export function isWebBundleFresh() {
  const stamp = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
  return stamp === sourceHash() && fs.existsSync(path.join(distDir, 'index.html'));
}

export function ensureWebBundle({ log = console.log } = {}) {
  if (isWebBundleFresh()) return false;
  log('Building the web app (missing or older than its sources)...');
  const started = Date.now();
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: 'inherit',
    // A build started from the test runner inherits NODE_ENV=test, which would ship
    // React's and antd's test-mode code (fixed ids such as "test-id" break aria labels).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The web app failed to build');
  fs.writeFileSync(stampFile, `${sourceHash()}\n`);
  log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureWebBundle();
