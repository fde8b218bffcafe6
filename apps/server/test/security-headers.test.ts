import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPlatform, type Platform } from '../src/app.ts';
import { tempDir, testConfig } from './helpers.ts';

let platform: Platform | undefined;

/** A built web app of one page with its script as a file, as Vite writes it. */
function webDist(): string {
  const dist = tempDir('meridian-dist-');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Meridian</title><script type="module" src="/assets/app-abc.js"></script>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
  return dist;
}

async function start(env: Record<string, string> = {}) {
  platform = await buildPlatform(testConfig({ WEB_DIST: webDist(), ...env }), { logger: false });
  await platform.app.ready();
  return platform.app;
}

afterEach(async () => {
  await platform?.app.close();
  platform = undefined;
});

/** The directives of a Content-Security-Policy, by name. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0] !== '')
      .map(([name, ...values]) => [name!, values]),
  );
}

type Headers = Record<string, string | string[] | number | undefined>;

function expectCommonHeaders(headers: Headers) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const permissions = String(headers['permissions-policy']);
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
    expect(permissions).toContain(`${feature}=()`);
  }
  const csp = directives(headers['content-security-policy']);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  // No inline script anywhere: only this origin's script files, or none at all.
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  expect(scripts).toBeDefined();
  expect(scripts!.every((source) => source === "'self'" || source === "'none'")).toBe(true);
  return csp;
}

describe('security headers', () => {
  it("guard the web app's pages and files with a policy allowing no inline script", async () => {
    const app = await start();
    for (const url of ['/', '/home/index', '/trade/index?type=spot', '/assets/app-abc.js']) {
      const res = await app.inject({ method: 'GET', url, headers: { host: 'trade.example.org' } });
      expect(res.statusCode, url).toBe(200);
      const csp = expectCommonHeaders(res.headers);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      // The market and user sockets are on this origin.
      expect(csp.get('connect-src')).toEqual(["'self'", 'ws://trade.example.org']);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('give the runtime configuration as a script file, which the policy allows', async () => {
    const app = await start();
    const res = await app.inject({ method: 'GET', url: '/platform/dev/config.js?t=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expectCommonHeaders(res.headers);
  });

  it('let the app reach a separate API origin and socket origin when they are configured', async () => {
    const app = await start({
      API_ROOT: 'https://api.example.org/',
      SOCKET_URL: 'wss://stream.example.org/base',
    });
    const res = await app.inject({ method: 'GET', url: '/home/index' });
    expect(directives(res.headers['content-security-policy']).get('connect-src')).toEqual([
      "'self'",
      'ws://localhost:80',
      'https://api.example.org',
      'wss://stream.example.org',
    ]);
  });

  it('never copy a malformed host into the policy', async () => {
    const app = await start();
    const res = await app.inject({
      method: 'GET',
      url: '/home/index',
      headers: { host: "evil.example; script-src 'unsafe-inline'" },
    });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });

  it('give API answers, errors included, a policy that lets nothing load', async () => {
    const app = await start();
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/no/such/call', 404],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const csp = expectCommonHeaders(res.headers);
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('script-src')).toBeUndefined();
    }
    const bad = await app.inject({ method: 'POST', url: '/api/user/login', payload: '{' });
    expect(bad.statusCode).toBe(400);
    expectCommonHeaders(bad.headers);
  });

  it("give the API documentation its own policy, no looser than the app's for scripts", async () => {
    const app = await start();
    const urls = [
      '/api/docs',
      '/api/docs/',
      '/api/docs/static/swagger-initializer.js',
      '/api/docs/json',
    ];
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const csp = expectCommonHeaders(res.headers);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    }
    // Swagger UI's page loads every script as a file: the policy needs no inline script.
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.body).toMatch(/<script src=/);
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  });

  it('send HSTS only over TLS: never on plain HTTP, nor for an untrusted proxy', async () => {
    const app = await start();
    for (const url of ['/home/index', '/api/health']) {
      const plain = await app.inject({ method: 'GET', url });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const spoofed = await app.inject({
        method: 'GET',
        url,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('send HSTS behind a trusted proxy that says the request came over HTTPS', async () => {
    const app = await start({ TRUST_PROXY: 'true' });
    for (const url of ['/home/index', '/api/health', '/api/docs/json']) {
      const tls = await app.inject({
        method: 'GET',
        url,
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'trade.example.org' },
      });
      expect(tls.headers['strict-transport-security'], url).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const plain = await app.inject({
        method: 'GET',
        url,
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(plain.headers['strict-transport-security'], url).toBeUndefined();
    }
    const page = await app.inject({
      method: 'GET',
      url: '/home/index',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'trade.example.org' },
    });
    // The page came over TLS: its sockets do too.
    expect(directives(page.headers['content-security-policy']).get('connect-src')).toEqual([
      "'self'",
      'wss://trade.example.org',
    ]);
  });
});
