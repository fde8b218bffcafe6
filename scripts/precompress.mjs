// Writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text
// file of the built web app, so the server sends them as they are (with
// `Content-Encoding`) instead of compressing on every request. The Vite build runs it
// (`precompressPlugin` in apps/web/vite.config.ts); by hand:
//   node scripts/precompress.mjs apps/web/dist
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: text. Images other than SVG and fonts are compressed already. */
export const TEXT_FILE = /\.(?:m?js|css|html|svg|json|webmanifest|txt|xml|map|wasm)$/i;

async function listFiles(dir) {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(full);
      return entry.isFile() && TEXT_FILE.test(entry.name) ? [full] : [];
    }),
  );
  return nested.flat();
}

/**
 * Compresses every text file under `dir`; both copies are written even for a tiny file,
 * so the server always finds one and never compresses a static file itself.
 * Returns the totals in bytes.
 */
export async function precompress(dir) {
  const files = await listFiles(dir);
  const totals = { files: files.length, raw: 0, br: 0, gz: 0 };
  // zlib's asynchronous calls run on the libuv pool: the files compress in parallel.
  await Promise.all(
    files.map(async (file) => {
      const body = await fs.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      totals.raw += body.length;
      totals.br += br.length;
      totals.gz += gz.length;
    }),
  );
  return totals;
}

/** A Vite plugin: precompresses the output directory once the bundle is written. */
export function precompressPlugin() {
  let outDir = 'dist';
  return {
    name: 'meridian-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'apps/web/dist';
  const t = await precompress(dir);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`${t.files} files: ${kb(t.raw)} raw, ${kb(t.br)} brotli, ${kb(t.gz)} gzip`);
}
