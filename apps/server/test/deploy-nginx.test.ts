import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { MarketMessage, PlatformConfig } from '@meridian/contract';
import { MarketStream, type SocketLike } from '@meridian/sdk';
import { buildPlatform, type Platform } from '../src/app.ts';
import { testConfig } from './helpers.ts';
import { loopbackTlsAnswer, NGINX, startLoopbackNginx } from './loopback-nginx.ts';
import { freePort, serving } from './platform-processes.ts';

// A platform behind deploy/nginx.conf, as the compose deployment runs it (TRUST_PROXY on):
// the browser learns where the sockets are from the runtime configuration the server
// writes from the request, so the proxy must pass on the address the browser used, port
// and all. It once passed the host without its port: on http://localhost:8080 the app
// looked for its sockets on port 80 and showed no live price. CI installs nginx.
describe.skipIf(!fs.existsSync(NGINX))('behind deploy/nginx.conf', () => {
  let platform: Platform;
  const proxies: ChildProcess[] = [];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-nginx-test-'));
  let plain: number;
  let tls: number;

  /** nginx from deploy/nginx.conf in front of the platform, on a port of its own. */
  async function proxyTo(upstream: number, options: { tls: boolean }): Promise<number> {
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(work, 'nginx-'));
    proxies.push(startLoopbackNginx({ work: dir, upstream: [upstream], port, ...options }));
    return port;
  }

  beforeAll(async () => {
    platform = await buildPlatform(
      testConfig({ DEMO_MODE: 'false', MARKET_MAKERS: 'false', TRUST_PROXY: 'true' }),
      { logger: false },
    );
    const upstream = Number(
      new URL(await platform.app.listen({ port: 0, host: '127.0.0.1' })).port,
    );
    plain = await proxyTo(upstream, { tls: false });
    tls = await proxyTo(upstream, { tls: true });
    await serving(plain);
  });
  afterAll(async () => {
    for (const nginx of proxies) nginx.kill('SIGTERM');
    await platform?.app.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** The runtime configuration the script at its address carries (JSON in a call). */
  function configIn(script: string): PlatformConfig {
    const json = /Object\.freeze\((.*)\);\s*$/s.exec(script)?.[1];
    if (!json) throw new Error(`not a configuration script: ${script.slice(0, 80)}`);
    return JSON.parse(json) as PlatformConfig;
  }

  async function plainConfig(): Promise<PlatformConfig> {
    const res = await fetch(`http://127.0.0.1:${plain}/platform/dev/config.js`);
    expect(res.status).toBe(200);
    return configIn(await res.text());
  }

  async function tlsConfig(): Promise<PlatformConfig> {
    return configIn(await loopbackTlsAnswer(`https://127.0.0.1:${tls}/platform/dev/config.js`));
  }

  it('names the sockets at the address and port the browser used', async () => {
    expect((await plainConfig()).socketUrl).toBe(`ws://127.0.0.1:${plain}`);
  });

  it('names secure sockets, port and all, when the browser came over TLS', async () => {
    expect((await tlsConfig()).socketUrl).toBe(`wss://127.0.0.1:${tls}`);
  });

  it('carries a market socket to the platform at that address', async () => {
    const stream = new MarketStream({
      socketUrl: (await plainConfig()).socketUrl,
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    });
    const snapshot = await new Promise<MarketMessage>((resolve) =>
      stream.subscribe({ type: 'DEPTH', symbol: 'btcusdt' }, (m) => {
        if (m.snapshot) resolve(m);
      }),
    );
    stream.close();
    expect(snapshot.channel).toBe('DEPTH:btcusdt');
  });
});
