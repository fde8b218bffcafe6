import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS, routePath } from '@meridian/contract';
import type { Platform } from '../src/app.ts';
import { findDuplicateKey } from '../src/kernel/http/json-body.ts';
import { auth, registerByEmail, startAccounts } from './accounts-helpers.ts';

// Every call, fed junk: the answer is always a 4xx in the envelope, never a 500.
const JUNK_BODIES = [
  '{',
  '[]',
  '"text"',
  '123',
  'null',
  '{}',
  '{"type":"email","username":{"$ne":null}}',
  '{"a":'.repeat(50),
];
const JUNK_PARAMS = ['%00', '..%2F..%2Fetc', 'x'.repeat(300), '-1', '1e999'];

let platform: Platform;
let token: string;
/** A user holding 1 BTC, for the strict-body tests. */
let seller: Record<string, string>;

beforeAll(async () => {
  const started = await startAccounts();
  platform = started.platform;
  token = (await registerByEmail(platform.app, 'fuzz@example.org')).token;
  // Registered before the fuzzing below spends the sign-up rate limit.
  const strict = await registerByEmail(platform.app, 'strict@example.org');
  await platform.engine.deposit(strict.userInfo.id, 'BTC', '1', 'test-strict-btc');
  seller = auth(strict.token);
});
afterAll(async () => {
  await platform.app.close();
});

describe.each(ALL_CALLS.map((c) => [`${c.method} ${c.path}`, c] as const))('%s', (_name, call) => {
  it('never answers junk with a 500', async () => {
    const statuses: number[] = [];
    for (const params of JUNK_PARAMS) {
      const url =
        routePath(call.path, 'core').replace(/:(\w+)\??/g, params) +
        '?current=abc&size=-5&email=%ZZ';
      for (const payload of JUNK_BODIES) {
        for (const headers of [{}, auth(token)]) {
          const res = await platform.app.inject({
            method: call.method,
            url,
            headers: { 'content-type': 'application/json', ...headers },
            ...(call.method === 'GET' ? {} : { payload }),
          });
          statuses.push(res.statusCode);
          expect(res.statusCode, `${call.method} ${url} ${payload}`).toBeLessThan(500);
          expect(typeof res.json().code).toBe('number');
        }
      }
    }
    expect(statuses.length).toBeGreaterThan(0);
  });
});

// Requests the parser used to read leniently: each is refused in the envelope, and a valid
// request beside it still goes through.
describe('strict request bodies', () => {
  const SUBMIT = '/api/currency/order/submit';
  // A sell far above the market: it would wait on the book, never fill.
  const ORDER = '"symbol":"btcusdt","type":"limit","price":"9000000","quantity":"0.01"';

  const submit = (payload: string | Buffer, headers: Record<string, string> = {}) =>
    platform.app.inject({
      method: 'POST',
      url: SUBMIT,
      headers: { 'content-type': 'application/json', ...seller, ...headers },
      payload,
    });

  async function openOrders(): Promise<unknown[]> {
    const res = await platform.app.inject({
      method: 'POST',
      url: '/api/order/list',
      headers: { 'content-type': 'application/json', ...seller },
      payload: '{"status":"open"}',
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.list;
  }

  async function cancelAll() {
    for (const order of (await openOrders()) as Array<{ id: string }>) {
      const res = await platform.app.inject({
        method: 'POST',
        url: `/api/currency/order/cancelOrder?id=${order.id}`,
        headers: seller,
      });
      expect(res.statusCode).toBe(200);
    }
  }

  // Each test starts with no open order, whatever the one before it left.
  afterEach(cancelAll);

  it('refuses a duplicate key, top-level or nested, naming it, and places no order', async () => {
    const top = await submit(`{"side":"buy",${ORDER},"side":"sell"}`);
    expect(top.statusCode).toBe(400);
    expect(top.json()).toEqual({
      code: 400,
      msg: 'Invalid request: body.side: this key appears more than once',
      data: { reason: 'duplicateKey', field: 'body.side' },
    });
    // The same key spelled with an escape is the same key.
    const escaped = await submit(`{"side":"buy",${ORDER},"\\u0073ide":"sell"}`);
    expect(escaped.json().data).toEqual({ reason: 'duplicateKey', field: 'body.side' });
    const nested = await submit(`{"side":"sell",${ORDER},"extra":{"a":[1,{"b":1,"b":2}]}}`);
    expect(nested.statusCode).toBe(400);
    expect(nested.json().data).toEqual({ reason: 'duplicateKey', field: 'body.extra.a.1.b' });
    expect(nested.json().msg).not.toMatch(/at |\.ts|JSON\.parse|SyntaxError/);
    expect(await openOrders()).toEqual([]);

    // The same order without the duplicate is placed.
    const valid = await submit(`{"side":"sell",${ORDER}}`);
    expect(valid.statusCode).toBe(200);
    expect(await openOrders()).toHaveLength(1);
  });

  it('finds duplicate keys at any depth and only there', () => {
    expect(findDuplicateKey('{"a":1,"b":{"a":1},"c":[{"a":1},{"a":2}]}')).toBeUndefined();
    expect(findDuplicateKey('[{},"a",{"a":"a","b":"a"},[]]')).toBeUndefined();
    expect(findDuplicateKey('{"a":"\\"","b":"x\\\\","a":2}')).toEqual(['a']);
    expect(findDuplicateKey('[[{}],{"k":{"x":[0,{"y":1," y":2,"y":3}]}}]')).toEqual([
      1,
      'k',
      'x',
      1,
      'y',
    ]);
    expect(findDuplicateKey('{"":1,"":2}')).toEqual(['']);
  });

  it('keeps refusing prototype poisoning', async () => {
    for (const payload of [
      `{"side":"sell",${ORDER},"__proto__":{"x":1}}`,
      `{"side":"sell",${ORDER},"constructor":{"prototype":{"x":1}}}`,
    ]) {
      const res = await submit(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().data).toEqual({ reason: 'invalidJson', field: 'body' });
    }
    expect(await openOrders()).toEqual([]);
  });

  it('refuses a charset other than UTF-8 with 415', async () => {
    for (const charset of ['utf-16', 'iso-8859-1', '"utf-16le"']) {
      const res = await submit(`{"side":"sell",${ORDER}}`, {
        'content-type': `application/json; charset=${charset}`,
      });
      expect(res.statusCode, charset).toBe(415);
      expect(res.json()).toEqual({
        code: 415,
        msg: 'Invalid request: headers.content-type: the body must be encoded in UTF-8',
        data: { reason: 'unsupportedCharset', field: 'headers.content-type' },
      });
    }
    expect(await openOrders()).toEqual([]);
    for (const contentType of [
      'application/json; charset=utf-8',
      'application/json;charset="UTF-8"',
    ]) {
      const res = await submit(`{"side":"sell",${ORDER}}`, { 'content-type': contentType });
      expect(res.statusCode, contentType).toBe(200);
    }
  });

  it('refuses a Content-Encoding other than identity with 415', async () => {
    for (const encoding of ['gzip', 'br', 'identity, gzip']) {
      const res = await submit(`{"side":"sell",${ORDER}}`, { 'content-encoding': encoding });
      expect(res.statusCode, encoding).toBe(415);
      expect(res.json()).toMatchObject({
        code: 415,
        data: { reason: 'unsupportedContentEncoding', field: 'headers.content-encoding' },
      });
    }
    expect(await openOrders()).toEqual([]);
    const identity = await submit(`{"side":"sell",${ORDER}}`, { 'content-encoding': 'identity' });
    expect(identity.statusCode).toBe(200);
  });

  it('refuses a byte order mark, and bytes that are not UTF-8, with 400', async () => {
    const bom = await submit(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`{"side":"sell",${ORDER}}`)]),
    );
    expect(bom.statusCode).toBe(400);
    expect(bom.json()).toEqual({
      code: 400,
      msg: 'Invalid request: body: the body must not start with a byte order mark (BOM)',
      data: { reason: 'byteOrderMark', field: 'body' },
    });
    const latin1 = await submit(Buffer.from(`{"side":"sell",${ORDER},"x":"\xe9"}`, 'latin1'));
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().data).toEqual({ reason: 'invalidJson', field: 'body' });
    expect(await openOrders()).toEqual([]);
  });

  it('answers an anonymous call to a private call as unauthenticated, whatever its body', async () => {
    for (const payload of ['{"side":', '{"side":"up"}', '{"side":"buy","side":"sell"}', '[]']) {
      const res = await platform.app.inject({
        method: 'POST',
        url: SUBMIT,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(401);
      expect(res.json(), payload).toEqual({
        code: 401,
        msg: 'Please log in first',
        data: { reason: 'unauthorized' },
      });
    }
    const badToken = await platform.app.inject({
      method: 'POST',
      url: SUBMIT,
      headers: { 'content-type': 'application/json', authorization: 'Bearer nope' },
      payload: '{"side":"up"}',
    });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json().data.reason).toBe('invalidToken');
  });
});

// What Node's HTTP parser refuses never reaches Fastify's routes: a real socket is needed.
describe('requests refused by the HTTP parser', () => {
  let port: number;

  beforeAll(async () => {
    await platform.app.listen({ port: 0, host: '127.0.0.1' });
    port = (platform.app.server.address() as net.AddressInfo).port;
  });

  /** Sends raw bytes and reads the whole answer until the server closes the connection. */
  function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', body = ''] = text.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body });
      });
      socket.end(request);
    });
  }

  it('answers headers that are too large with 431 in the envelope', async () => {
    const res = await raw(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nCookie: a=${'x'.repeat(20_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(res.headers).toContain('content-type: application/json');
    expect(JSON.parse(res.body)).toEqual({
      code: 431,
      msg: 'The request headers are too large',
      data: { reason: 'headersTooLarge' },
    });
  });

  it('answers other malformed requests with 400 in the envelope', async () => {
    const res = await raw('NOT A REQUEST\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      code: 400,
      msg: 'Invalid request',
      data: { reason: 'validation' },
    });
  });

  it('still serves a well-formed request on the socket', async () => {
    const res = await raw(
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(res.status).toBe(200);
  });
});
