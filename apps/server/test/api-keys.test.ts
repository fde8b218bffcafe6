import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../src/app.ts';
import { call, startAccounts, TestClock, UA_CHROME } from './accounts-helpers.ts';
import { canonicalQuery } from '@meridian/contract';
import {
  canonicalString,
  hmacSignature,
  signatureChecker,
  type KeyAuthority,
} from '../src/kernel/http/signed-request.ts';
import { api, submit, trader, type Trader } from '../src/modules/spot/test/spot-helpers.ts';

/** The README's worked example ("Programmatic trading"), byte for byte. */
describe('signature vector', () => {
  it('signs the README example', () => {
    const body =
      '{"symbol":"btcusdt","side":"buy","type":"limit","price":"30000","quantity":"0.01"}';
    const canonical = canonicalString({
      timestamp: '1795334400000',
      method: 'POST',
      path: '/api/currency/order/submit',
      query: '',
      body,
    });
    expect(canonical.toString()).toBe(`1795334400000\nPOST\n/api/currency/order/submit\n\n${body}`);
    expect(hmacSignature('mer-example-secret-do-not-use', canonical)).toBe(
      '7c236a6d6da85c65bd8880c7cfc93185a77d2062fe4f0ea72fff0299462a38a7',
    );
  });

  it('sorts the query and encodes it per RFC 3986', () => {
    expect(canonicalQuery('b=x+y&a=1')).toBe('a=1&b=x%20y');
    expect(canonicalQuery("z=it's&a=2&a=1&k")).toBe('a=1&a=2&k=&z=it%27s');
    const canonical = canonicalString({
      timestamp: '1795334400000',
      method: 'get',
      path: '/api/core/coin/quotes/getOptional',
      query: 'b=x%20y&a=1',
      body: '',
    });
    expect(hmacSignature('mer-example-secret-do-not-use', canonical)).toBe(
      '2f0f503b5198166ef04763cd9cd959b04919add690515618751f36536249827c',
    );
  });
});

describe('a restart or a failover', () => {
  it('refuses a request signed before this process started, inside its window, since its replay could not be told', async () => {
    const clock = new TestClock();
    const authority: KeyAuthority = {
      lookup: async () => ({
        keyId: 'k1',
        userId: 'u1',
        algorithm: 'hmac-sha256',
        material: 'a-test-secret',
        scopes: ['read'],
        ipAllowlist: [],
        expiresAt: null,
      }),
      used: async () => undefined,
      ipAllowed: () => true,
      liveKeys: async () => new Set(['k1']),
    };
    const check = signatureChecker(authority, clock);
    const startedAt = clock.now().getTime();
    clock.advance(1);
    const parts = (timestamp: number) => {
      const canonical = canonicalString({
        timestamp: String(timestamp),
        method: 'POST',
        path: '/api/user/getInfo',
        query: '',
        body: '',
      });
      return {
        apiKey: 'key',
        timestamp: String(timestamp),
        recvWindow: '60000',
        signature: hmacSignature('a-test-secret', canonical),
        ip: '127.0.0.1',
        scope: 'read' as const,
        canonical: async () => canonical,
      };
    };
    await expect(check(parts(startedAt - 500))).rejects.toMatchObject({
      messageId: 'apiKeyTimestamp',
    });
    await expect(check(parts(startedAt + 500))).resolves.toMatchObject({ keyId: 'k1' });
  });
});

let platform: Platform;
let clock: TestClock;
let a: Trader;
let b: Trader;

beforeAll(async () => {
  const started = await startAccounts({ MARKET_MAKERS: 'false', API_KEY_PER_MINUTE: '1000' });
  platform = started.platform;
  clock = started.clock;
  a = await trader(platform, 'keys-a@example.org', { USDT: '100000', BTC: '2' });
  b = await trader(platform, 'keys-b@example.org', { USDT: '100000', BTC: '2' });
});
afterAll(async () => {
  await platform.app.close();
});

interface Key {
  id: string;
  apiKey: string;
  secret: string | null;
}

async function createKey(t: Trader, body: Record<string, unknown>): Promise<Key> {
  const res = await call(
    platform.app,
    'POST',
    api('/api/{head}/coin/member/api'),
    { label: 'bot', ...body },
    t.headers,
  );
  expect(res.status).toBe(200);
  return res.body.data as Key;
}

interface SignOptions {
  timestamp?: number;
  recvWindow?: number;
  ip?: string;
  signature?: string;
  sign?: (canonical: Buffer) => string;
}

/** A signed request as a bot sends it: the body is the exact bytes signed. */
async function signed(
  key: Key,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  options: SignOptions = {},
) {
  const raw = body === undefined ? '' : JSON.stringify(body);
  // A bot's requests are each a millisecond apart at least: distinct signatures.
  if (options.timestamp === undefined) clock.advance(0.001);
  const timestamp = String(options.timestamp ?? clock.now().getTime());
  const q = url.indexOf('?');
  const canonical = canonicalString({
    timestamp,
    method,
    path: q < 0 ? url : url.slice(0, q),
    query: q < 0 ? '' : url.slice(q + 1),
    body: raw,
  });
  const signature =
    options.signature ??
    (options.sign ? options.sign(canonical) : hmacSignature(key.secret!, canonical));
  const res = await platform.app.inject({
    method,
    url,
    headers: {
      'user-agent': UA_CHROME,
      'x-mer-apikey': key.apiKey,
      'x-mer-timestamp': timestamp,
      'x-mer-signature': signature,
      ...(options.recvWindow ? { 'x-mer-recv-window': String(options.recvWindow) } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: raw } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: res.json() as { code: number; msg: string; data: any },
  };
}

const order = { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '30000', quantity: '0.01' };
const INFO = '/api/user/getInfo';
const SUBMIT = '/api/currency/order/submit';

describe('signed API-key requests', () => {
  it("acts as the key's owner on read and trade calls, and records its last use", async () => {
    const key = await createKey(a, { scopes: ['read', 'trade'] });
    expect(key.secret).toMatch(/^[\w-]{43}$/);
    const info = await signed(key, 'POST', INFO);
    expect(info.status).toBe(200);
    expect(info.body.data.userId).toBe(a.id);
    const firstUse = clock.now().toISOString();
    const placed = await signed(key, 'POST', SUBMIT, order);
    expect(placed.status).toBe(200);
    expect(placed.body.data.status).toBeDefined();
    const lastUsed = async () => {
      const list = await call(platform.app, 'GET', api('/api/{head}/coin/member/apis'), undefined, {
        ...a.headers,
      });
      const rows = list.body.data as Array<{ id: string; lastUsedTime: string | null }>;
      return { list, at: rows.find((k) => k.id === key.id)?.lastUsedTime };
    };
    // Written at most once a minute per key, not on every request.
    expect((await lastUsed()).at).toBe(firstUse);
    clock.advance(61);
    expect((await signed(key, 'POST', INFO)).status).toBe(200);
    const { list, at } = await lastUsed();
    expect(at).toBe(clock.now().toISOString());
    // The secret is never listed again.
    expect(JSON.stringify(list.body.data)).not.toContain(key.secret);
  });

  it('refuses a bad signature, a body other than the one signed, and missing headers', async () => {
    const key = await createKey(a, { scopes: ['read', 'trade'] });
    const bad = await signed(key, 'POST', INFO, undefined, { signature: 'ab'.repeat(32) });
    expect(bad).toMatchObject({
      status: 401,
      body: { code: 401, data: { reason: 'apiKeyBadSignature' } },
    });
    const tampered = await signed(key, 'POST', SUBMIT, order, {
      sign: (canonical) =>
        hmacSignature(key.secret!, Buffer.from(canonical.toString().replace('0.01', '0.02'))),
    });
    expect(tampered.body.data.reason).toBe('apiKeyBadSignature');
    const noSignature = await platform.app.inject({
      method: 'POST',
      url: INFO,
      headers: { 'x-mer-apikey': key.apiKey, 'x-mer-timestamp': String(clock.now().getTime()) },
    });
    expect(noSignature.statusCode).toBe(401);
    expect(noSignature.json().data.reason).toBe('apiKeyHeaders');
  });

  it('refuses a timestamp too old or too far ahead, and honours the receive window', async () => {
    const key = await createKey(a, { scopes: ['read'] });
    const now = clock.now().getTime();
    const old = await signed(key, 'POST', INFO, undefined, { timestamp: now - 5_001 });
    expect(old).toMatchObject({ status: 401, body: { data: { reason: 'apiKeyTimestamp' } } });
    const ahead = await signed(key, 'POST', INFO, undefined, { timestamp: now + 1_001 });
    expect(ahead.body.data.reason).toBe('apiKeyTimestamp');
    const wide = await signed(key, 'POST', INFO, undefined, {
      timestamp: now - 5_001,
      recvWindow: 10_000,
    });
    expect(wide.status).toBe(200);
    const tooWide = await signed(key, 'POST', INFO, undefined, { recvWindow: 60_001 });
    expect(tooWide).toMatchObject({ status: 400, body: { data: { reason: 'apiKeyRecvWindow' } } });
  });

  it('refuses the same signed request twice inside its window', async () => {
    const key = await createKey(a, { scopes: ['read', 'trade'] });
    const timestamp = clock.now().getTime();
    const first = await signed(key, 'POST', INFO, undefined, { timestamp });
    expect(first.status).toBe(200);
    const again = await signed(key, 'POST', INFO, undefined, { timestamp });
    expect(again).toMatchObject({ status: 401, body: { data: { reason: 'apiKeyReplay' } } });
  });

  it('enforces scopes: read cannot trade, and session-only calls refuse keys', async () => {
    const readOnly = await createKey(a, { scopes: ['read'] });
    const placed = await signed(readOnly, 'POST', SUBMIT, order);
    expect(placed).toMatchObject({
      status: 403,
      body: { data: { reason: 'apiKeyScope' } },
    });
    expect(placed.body.msg).toContain('trade');
    const tradeOnly = await createKey(a, { scopes: ['trade'] });
    expect((await signed(tradeOnly, 'POST', INFO)).body.data.reason).toBe('apiKeyScope');
    const everything = await createKey(a, { scopes: ['read', 'trade'] });
    const keys = await signed(everything, 'GET', api('/api/{head}/coin/member/apis'));
    expect(keys).toMatchObject({ status: 403, body: { data: { reason: 'apiKeySessionOnly' } } });
  });

  it('refuses withdraw without an IP allow list when the key is made', async () => {
    const res = await call(
      platform.app,
      'POST',
      api('/api/{head}/coin/member/api'),
      { label: 'w', scopes: ['withdraw'] },
      a.headers,
    );
    expect(res).toMatchObject({ status: 400, body: { data: { reason: 'apiKeyWithdrawNeedsIp' } } });
  });

  it("refuses an address outside the key's allow list", async () => {
    const key = await createKey(a, { scopes: ['read'], ipAllowlist: ['203.0.113.0/24'] });
    const inside = await signed(key, 'POST', INFO, undefined, { ip: '203.0.113.7' });
    expect(inside.status).toBe(200);
    const outside = await signed(key, 'POST', INFO, undefined, { ip: '198.51.100.1' });
    expect(outside).toMatchObject({ status: 403, body: { data: { reason: 'apiKeyIp' } } });
  });

  it('refuses an expired key and a deleted key', async () => {
    const expiring = await createKey(a, { scopes: ['read'], expiresInDays: 1 });
    const deleted = await createKey(a, { scopes: ['read'] });
    const removed = await call(
      platform.app,
      'GET',
      api(`/api/{head}/coin/member/api/del?id=${deleted.id}`),
      undefined,
      a.headers,
    );
    expect(removed.status).toBe(200);
    const gone = await signed(deleted, 'POST', INFO);
    expect(gone).toMatchObject({ status: 401, body: { data: { reason: 'apiKeyUnknown' } } });
    clock.advance(2 * 86400);
    const late = await signed(expiring, 'POST', INFO);
    expect(late).toMatchObject({ status: 401, body: { data: { reason: 'apiKeyExpired' } } });
  });

  it("refuses another user's order exactly as a session would", async () => {
    const theirs = await submit(platform, b, order);
    expect(theirs.status).toBe(200);
    const key = await createKey(a, { scopes: ['read', 'trade'] });
    const cancel = await signed(
      key,
      'POST',
      `/api/currency/order/cancelOrder?id=${theirs.body.data.id as string}`,
    );
    const bySession = await call(
      platform.app,
      'POST',
      `/api/currency/order/cancelOrder?id=${theirs.body.data.id as string}`,
      undefined,
      a.headers,
    );
    expect(cancel.status).toBe(404);
    expect(cancel.body).toEqual({ ...bySession.body });
  });

  it('accepts an Ed25519 key the user uploaded, and refuses what it did not sign', async () => {
    const pair = generateKeyPairSync('ed25519');
    const publicKey = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const key = await createKey(a, { scopes: ['read'], publicKey });
    expect(key.secret).toBeNull();
    const ok = await signed(key, 'POST', INFO, undefined, {
      sign: (canonical) => sign(null, canonical, pair.privateKey).toString('base64'),
    });
    expect(ok.status).toBe(200);
    const other = generateKeyPairSync('ed25519');
    const forged = await signed(key, 'POST', INFO, undefined, {
      sign: (canonical) => sign(null, canonical, other.privateKey).toString('base64'),
    });
    expect(forged.body.data.reason).toBe('apiKeyBadSignature');
  });

  it('puts rate-limit headers on signed answers', async () => {
    const key = await createKey(a, { scopes: ['read'] });
    const res = await signed(key, 'POST', INFO);
    expect(res.headers['ratelimit-limit']).toBe('1000');
    expect(res.headers['ratelimit-remaining']).toBe('999');
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
  });
});

describe('per-key rate limit', () => {
  it('answers 429 with Retry-After past the limit, per key', async () => {
    const started = await startAccounts({ MARKET_MAKERS: 'false', API_KEY_PER_MINUTE: '2' });
    const saved = { platform, clock };
    platform = started.platform;
    clock = started.clock;
    try {
      const t = await trader(platform, 'keys-rate@example.org', {});
      const key = await createKey(t, { scopes: ['read'] });
      const other = await createKey(t, { scopes: ['read'] });
      expect((await signed(key, 'POST', INFO)).status).toBe(200);
      expect((await signed(key, 'POST', INFO)).headers['ratelimit-remaining']).toBe('0');
      const over = await signed(key, 'POST', INFO);
      expect(over).toMatchObject({ status: 429, body: { data: { reason: 'apiKeyRateLimited' } } });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.headers['ratelimit-remaining']).toBe('0');
      // Another key of the same user has its own budget.
      expect((await signed(other, 'POST', INFO)).status).toBe(200);
    } finally {
      await platform.app.close();
      ({ platform, clock } = saved);
    }
  });
});
