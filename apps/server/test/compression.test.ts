import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_CONFIG_PATH, routePath } from '@meridian/contract';
import { buildPlatform, type Platform } from '../src/app.ts';
import { COMPRESSION_THRESHOLD } from '../src/kernel/http/compression.ts';
import { genesisMarkets } from '../src/modules/markets/genesis.ts';

const LISTED_MARKETS = genesisMarkets();
import { tempDir, testConfig } from './helpers.ts';

const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i })))};\n`;
const PAGE =
  '<!doctype html><title>Meridian</title><script type="module" src="/assets/app-abc.js"></script>';

/** A built web app as Vite and scripts/precompress.mjs leave it: each text file with a `.br` and a `.gz`. */
function webDist(): string {
  const dist = tempDir('meridian-dist-');
  fs.mkdirSync(path.join(dist, 'assets'));
  const write = (file: string, body: string) => {
    fs.writeFileSync(path.join(dist, file), body);
    fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(body));
    fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(body));
  };
  write('index.html', PAGE);
  write('assets/app-abc.js', SCRIPT);
  fs.writeFileSync(
    path.join(dist, 'assets', 'logo-abc.png'),
    Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  );
  return dist;
}

let platform: Platform;
let app: Platform['app'];
let dist: string;

beforeAll(async () => {
  dist = webDist();
  platform = await buildPlatform(testConfig({ WEB_DIST: dist }), { logger: false });
  app = platform.app;
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the web app', () => {
  it('sends a built file as its Brotli copy to a browser that accepts br', async () => {
    const res = await get('/assets/app-abc.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload).toEqual(fs.readFileSync(path.join(dist, 'assets/app-abc.js.br')));
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    // The security headers are still there.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
  });

  it('falls back to the gzip copy, then to the file itself', async () => {
    const gz = await get('/assets/app-abc.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload).toEqual(fs.readFileSync(path.join(dist, 'assets/app-abc.js.gz')));
    for (const accept of [undefined, 'identity']) {
      const plain = await get('/assets/app-abc.js', accept);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
    }
  });

  it('compresses the page and its history fallback too', async () => {
    for (const url of ['/index.html', '/', '/trade/index?type=spot']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
    }
  });

  it('gives the compressed copies no route of their own', async () => {
    expect((await get('/assets/app-abc.js.br')).headers['content-type']).toMatch(/text\/html/);
  });

  it('leaves binary files as they are', async () => {
    const res = await get('/assets/logo-abc.png', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload).toHaveLength(4);
  });

  it('caches hashed assets for a year and revalidates the page and the configuration', async () => {
    const immutable = 'public, max-age=31536000, immutable';
    expect((await get('/assets/app-abc.js', 'br')).headers['cache-control']).toBe(immutable);
    expect((await get('/assets/app-abc.js')).headers['cache-control']).toBe(immutable);
    expect((await get('/assets/logo-abc.png')).headers['cache-control']).toBe(immutable);
    for (const url of ['/index.html', '/', '/home/index']) {
      expect((await get(url, 'br')).headers['cache-control']).toBe('no-cache');
    }
    expect((await get(PLATFORM_CONFIG_PATH, 'br')).headers['cache-control']).toMatch(
      /\bno-cache\b/,
    );
  });
});

describe('API answers', () => {
  const url = routePath('/api/{head}/coin/open/get/contractDetail', 'core');
  const ask = (acceptEncoding?: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
      payload: JSON.stringify({ symbolNameList: LISTED_MARKETS.map((m) => m.symbol) }),
    });

  // The tickers carry the time they were read: that one field may differ between calls.
  const timeless = (text: string) => JSON.parse(text.replace(/"time":\d+/g, '"time":0'));

  it('are compressed above the threshold and decode to the same envelope', async () => {
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const envelope = timeless(plain.body);
    expect(envelope).toMatchObject({ code: 200, msg: expect.any(String) });

    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/application\/json/);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(timeless(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(envelope);
    expect(br.headers['content-security-policy']).toMatch(/default-src 'none'/);

    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(timeless(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(envelope);
  });

  it('are sent as they are below the threshold', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 200 });
  });

  it('in errors keep the envelope', async () => {
    const res = await get('/api/none', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
  });

  it('still refuse a compressed request body', async () => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ symbolNameList: ['btcusdt'] })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().code).toBeGreaterThanOrEqual(400);
  });
});
